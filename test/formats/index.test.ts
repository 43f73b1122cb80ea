import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import { UnsupportedFormatError } from '../../src/errors/tool-history-error.js';
import {
  adapterFor,
  FORMAT_ADAPTERS,
  isMessageFormat,
  PROVIDER_PROFILES,
  STREAM_FORMATS,
  STREAM_ADAPTERS,
  streamAdapterFor,
} from '../../src/formats/index.js';

describe('adapterFor', () => {
  it('has an adapter for every message format, registered under its own name', () => {
    expect(Object.keys(FORMAT_ADAPTERS).sort()).toEqual([...MESSAGE_FORMATS].sort());
    for (const format of MESSAGE_FORMATS) expect(adapterFor(format).format).toBe(format);
  });

  it('throws UnsupportedFormatError for a name it does not know', () => {
    expect(() => adapterFor('cohere' as MessageFormat)).toThrow(
      new UnsupportedFormatError('cohere', MESSAGE_FORMATS),
    );
    // Names inherited from Object.prototype are not formats either.
    expect(() => adapterFor('toString' as MessageFormat)).toThrow(UnsupportedFormatError);
    expect(isMessageFormat('constructor')).toBe(false);
  });

  it('reads and writes through the format: a Chat history round-trips', () => {
    const messages = [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    const adapter = adapterFor('openai-chat');
    const read = adapter.read(messages);
    expect(read.warnings).toEqual([]);
    expect(adapter.write(read.messages)).toEqual({ messages, warnings: [] });
    expect(adapter.inspect(messages).result).toEqual({ ok: true, issues: [] });
  });

  it('reads a system prompt kept outside the messages through the option its format names', () => {
    expect(adapterFor('anthropic').read([], { system: 'Be brief.' }).messages).toEqual([
      { role: 'system', text: 'Be brief.' },
    ]);
    expect(adapterFor('anthropic').systemField).toBe('system');
    expect(adapterFor('gemini').systemField).toBe('systemInstruction');
    expect(adapterFor('aiwrapper').systemField).toBe('instructions');
    expect(adapterFor('openai-chat').systemField).toBeUndefined();
  });
});

describe('the adapters’ wire facts', () => {
  it('share a wire shape only between Chat Completions and Mistral', () => {
    const shapes = MESSAGE_FORMATS.map((format) => [format, FORMAT_ADAPTERS[format].wireShape]);
    expect(shapes).toEqual([
      ['openai-chat', 'chat-completions'],
      ['openai-responses', 'openai-responses'],
      ['anthropic', 'anthropic'],
      ['gemini', 'gemini'],
      ['mistral', 'chat-completions'],
      ['bedrock', 'bedrock'],
      ['aiwrapper', 'aiwrapper'],
      ['vercel', 'vercel'],
      ['vercel-ui', 'vercel-ui'],
    ]);
  });

  it('give every format a signature to be guessed by, except Mistral (Chat Completions’ shape)', () => {
    const unsigned = MESSAGE_FORMATS.filter(
      (format) => FORMAT_ADAPTERS[format].signature === undefined,
    );
    expect(unsigned).toEqual(['mistral']);
  });
});

describe('PROVIDER_PROFILES', () => {
  it('is each adapter’s profile', () => {
    for (const format of MESSAGE_FORMATS)
      expect(PROVIDER_PROFILES[format]).toBe(FORMAT_ADAPTERS[format].profile);
  });

  it('pairs across the conversation only in the Responses API', () => {
    const scopes = MESSAGE_FORMATS.filter(
      (format) => PROVIDER_PROFILES[format].scope === 'conversation',
    );
    expect(scopes).toEqual(['openai-responses']);
  });
});

describe('streamAdapterFor', () => {
  it('has an adapter for every stream format; only Ollama and Bedrock frame events as JSON lines', () => {
    expect(Object.keys(STREAM_ADAPTERS).sort()).toEqual([...STREAM_FORMATS].sort());
    for (const format of STREAM_FORMATS)
      expect(streamAdapterFor(format)).toBe(STREAM_ADAPTERS[format]);
    expect(
      STREAM_FORMATS.filter((format) => STREAM_ADAPTERS[format].framing === 'json-lines'),
    ).toEqual(['ollama', 'bedrock']);
  });

  it('throws UnsupportedFormatError for a stream format it does not know', () => {
    expect(() => streamAdapterFor('cohere')).toThrow(
      new UnsupportedFormatError('cohere', STREAM_FORMATS),
    );
  });
});
