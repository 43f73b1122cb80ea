import { describe, expect, it } from 'vitest';
import { StreamAccumulationError } from '../../src/errors/tool-history-error.js';
import { DEFAULT_STREAM_LIMITS } from '../../src/core/stream/stream-limits.js';
import { accumulateSSE, readStreamEvents } from '../../src/streaming/accumulate-sse.js';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';

/** One Ollama line carrying one whole call. */
function ollamaCall(n: number): string {
  return `${JSON.stringify({ message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: { n } } }] }, done: false })}\n`;
}

function chatText(content: string): unknown {
  return { choices: [{ index: 0, delta: { content }, finish_reason: null }] };
}

async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return 'no error';
}

describe('total caps of one message and one body', () => {
  it('documents defaults of at most 64 MiB', () => {
    expect(DEFAULT_STREAM_LIMITS).toMatchObject({
      maxCalls: 65_536,
      maxTextBytes: 64 * 1024 * 1024,
      maxTotalBytes: 64 * 1024 * 1024,
    });
  });

  it('stops a flood of tiny calls at maxCalls', async () => {
    const body = Array.from({ length: 11 }, (_, n) => ollamaCall(n));
    const error = await caught(() =>
      accumulateSSE(body, { format: 'ollama', limits: { maxCalls: 10 } }),
    );
    expect(error).toBeInstanceOf(StreamAccumulationError);
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'stream-limit',
      limit: 'calls',
      attempted: 11,
      maximum: 10,
    });
    expect((error as Error).message).toBe(
      'The streamed message started 11 tool calls (events[10]), over the calls limit of 10. Raise limits.maxCalls if the stream is legitimate.',
    );
  });

  it('accepts exactly maxCalls calls', async () => {
    const body = Array.from({ length: 10 }, (_, n) => ollamaCall(n));
    const result = await accumulateSSE(body, { format: 'ollama', limits: { maxCalls: 10 } });
    expect(result.calls).toHaveLength(10);
  });

  it('caps the text of a message in UTF-8 bytes, and the accumulator refuses further use', () => {
    const accumulator = createToolCallAccumulator({
      format: 'openai-chat',
      limits: { maxTextBytes: 8 },
    });
    accumulator.push(chatText('ééé')); // 6 bytes
    const error = (() => {
      try {
        accumulator.push(chatText('é'.repeat(2))); // 10 bytes
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'stream-limit',
      limit: 'text-bytes',
      attempted: 10,
      maximum: 8,
    });
    expect(() => accumulator.finish()).toThrow(error);
    expect(accumulator.text).toBe('ééé');
  });

  it('caps text and arguments together across calls', () => {
    const accumulator = createToolCallAccumulator({
      format: 'openai-chat',
      limits: { maxTotalBytes: 30 },
    });
    accumulator.push(chatText('0123456789'));
    const call = (index: number): unknown => ({
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index, id: `c${index}`, function: { name: 'f', arguments: '{"a":"xxxxx"}' } },
            ],
          },
        },
      ],
    });
    accumulator.push(call(0));
    // 10 of text + 13 + 13 of arguments: the second call goes over.
    expect(() => {
      accumulator.push(call(1));
    }).toThrow(
      'The streamed message reached 36 bytes of text and arguments (events[2]), over the total-bytes limit of 30.',
    );
    expect(() => accumulator.finish()).toThrow(StreamAccumulationError);
    expect(accumulator.liveCalls.map((call) => call.argumentsText)).toEqual(['{"a":"xxxxx"}', '']);
  });

  it('caps the whole body in readStreamEvents, counting bytes', async () => {
    const line = 'data: {"a":1}\n\n'; // 15 bytes
    const error = await caught(async () => {
      for await (const event of readStreamEvents([line, line, line], {
        limits: { maxTotalBytes: 40 },
      }))
        expect(event).toEqual({ a: 1 });
    });
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'stream-limit',
      limit: 'total-bytes',
      attempted: 45,
      maximum: 40,
    });
  });
});

describe('bytes the reader used to alter or drop without a word', () => {
  it('throws a typed error for bytes that are not UTF-8 instead of writing U+FFFD', async () => {
    const body = [
      new TextEncoder().encode('data: {"a":"'),
      Uint8Array.from([0xff]),
      new TextEncoder().encode('"}\n\n'),
    ];
    const error = await caught(() => accumulateSSE(body, { format: 'openai-chat' }));
    expect(error).toBeInstanceOf(StreamAccumulationError);
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'invalid-input',
      eventIndex: 0,
      field: '',
    });
    expect((error as Error).message).toMatch(/^events\[0\]: the response body is not UTF-8/);
  });

  it('still decodes a character split across chunks', async () => {
    const bytes = new TextEncoder().encode(`data: ${JSON.stringify(chatText('€'))}\n\n`);
    const cut = bytes.indexOf(0xe2) + 1;
    const result = await accumulateSSE([bytes.slice(0, cut), bytes.slice(cut)], {
      format: 'openai-chat',
    });
    expect(result).toEqual({ text: '€', calls: [] });
  });

  it('keeps an event whose chunk starts with a byte order mark', async () => {
    const first = `data: ${JSON.stringify(chatText('a'))}\n\n`;
    const second = `\uFEFFdata: ${JSON.stringify(chatText('b'))}\n\n`;
    const encoder = new TextEncoder();
    const result = await accumulateSSE([encoder.encode(first), encoder.encode(second)], {
      format: 'openai-chat',
    });
    expect(result).toEqual({ text: 'ab', calls: [] });
  });
});
