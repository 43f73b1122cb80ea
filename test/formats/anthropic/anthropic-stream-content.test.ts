import Anthropic from '@anthropic-ai/sdk';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { accumulateSSE } from '../../../src/streaming/accumulate-sse.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { hasShared } from '../../helpers/shared-dir.js';
import { cutAt, recordedBody, recordedStreams } from '../../streaming/recorded-streams.js';

// Differential: the same SSE bytes through our accumulator and through @anthropic-ai/sdk's
// MessageStream; the stop reason and, where the message holds server tool or thinking blocks,
// the whole content must agree.

function sseResponse(chunks: readonly Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function sdkMessage(chunks: readonly Uint8Array[]): Promise<Anthropic.Message> {
  const client = new Anthropic({
    apiKey: 'test',
    baseURL: 'http://127.0.0.1:9',
    maxRetries: 0,
    fetch: () => Promise.resolve(sseResponse(chunks)),
  });
  const stream = client.messages.stream({ model: 'claude-opus-4-5', max_tokens: 10, messages: [] });
  // Drops the SDK's non-enumerable JSON buffers.
  return JSON.parse(JSON.stringify(await stream.finalMessage())) as Anthropic.Message;
}

const PLAIN = new Set(['text', 'tool_use']);

/** Checks our result against the SDK's message for the same bytes. */
async function expectAgreement(chunks: readonly Uint8Array[]): Promise<void> {
  const theirs = await sdkMessage(chunks);
  const ours = await accumulateSSE(sseResponse(chunks), { format: 'anthropic' });
  expect(ours.stopReason).toBe(theirs.stop_reason ?? undefined);
  const kept = theirs.content.some(
    (block) => !PLAIN.has(block.type) || (block.type === 'text' && block.citations != null),
  );
  expect(ours.content).toEqual(kept ? theirs.content : undefined);
}

// MessageStream reads each event's `event:` name.
const event = (data: { readonly type: string }): string =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/** A JSON-lines recording as named SSE events. */
function namedEvents(body: Uint8Array): Uint8Array {
  const lines = new TextDecoder().decode(body).split('\n');
  const events = lines
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type: string });
  return new TextEncoder().encode(events.map(event).join(''));
}

/** A web search turn that stops with `pause_turn` on a server call without its result. */
const PAUSED = [
  {
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-5',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  },
  {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'thinking', thinking: '', signature: '' },
  },
  {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'thinking_delta', thinking: 'Search it.' },
  },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
  { type: 'content_block_stop', index: 0 },
  {
    type: 'content_block_start',
    index: 1,
    content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
  },
  {
    type: 'content_block_delta',
    index: 1,
    delta: { type: 'input_json_delta', partial_json: '{"query": "Par' },
  },
  {
    type: 'content_block_delta',
    index: 1,
    delta: { type: 'input_json_delta', partial_json: 'is"}' },
  },
  { type: 'content_block_stop', index: 1 },
  {
    type: 'content_block_start',
    index: 2,
    content_block: {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: [
        {
          type: 'web_search_result',
          url: 'https://example.com',
          title: 'Paris',
          encrypted_content: 'e',
        },
      ],
    },
  },
  { type: 'content_block_stop', index: 2 },
  {
    type: 'content_block_start',
    index: 3,
    content_block: { type: 'text', text: '', citations: null },
  },
  { type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'Paris is ' } },
  {
    type: 'content_block_delta',
    index: 3,
    delta: {
      type: 'citations_delta',
      citation: {
        type: 'web_search_result_location',
        url: 'https://example.com',
        title: 'Paris',
        encrypted_index: 'i',
        cited_text: 'c',
      },
    },
  },
  { type: 'content_block_stop', index: 3 },
  {
    type: 'content_block_start',
    index: 4,
    content_block: { type: 'server_tool_use', id: 'srvtoolu_2', name: 'web_search', input: {} },
  },
  {
    type: 'content_block_delta',
    index: 4,
    delta: { type: 'input_json_delta', partial_json: '{"query":"more"}' },
  },
  { type: 'content_block_stop', index: 4 },
  {
    type: 'message_delta',
    delta: { stop_reason: 'pause_turn', stop_sequence: null },
    usage: { output_tokens: 9 },
  },
  { type: 'message_stop' },
];
const PAUSED_BYTES = new TextEncoder().encode(PAUSED.map(event).join(''));

describe('Anthropic stream: stop reason and server blocks', () => {
  it('keeps thinking, server calls, their results and citations, and reports pause_turn', async () => {
    const result = await accumulateSSE(sseResponse([PAUSED_BYTES]), { format: 'anthropic' });
    expect(result).toEqual({
      text: 'Paris is ',
      calls: [],
      stopReason: 'pause_turn',
      content: [
        { type: 'thinking', thinking: 'Search it.', signature: 'sig' },
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'web_search',
          input: { query: 'Paris' },
        },
        PAUSED[9]?.content_block,
        { type: 'text', text: 'Paris is ', citations: [PAUSED[13]?.delta?.citation] },
        { type: 'server_tool_use', id: 'srvtoolu_2', name: 'web_search', input: { query: 'more' } },
      ],
    });
    // Sent back as is, the paused message is valid: it ends on the server call to continue.
    const history = [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: result.content },
    ];
    expect(validateHistory(history, { format: 'anthropic' })).toEqual({ ok: true, issues: [] });
    await expectAgreement([PAUSED_BYTES]);
  });

  test.prop([fc.array(fc.nat({ max: PAUSED_BYTES.length }), { maxLength: 12 })])(
    'agrees with MessageStream however the bytes are cut',
    async (cuts) => {
      await expectAgreement(cutAt(PAUSED_BYTES, cuts));
    },
  );
});

describe.runIf(hasShared('recorded-streams'))(
  'recorded Anthropic streams: agreement with MessageStream',
  () => {
    // The SDK cannot finish these (no blank line after the last event); see sdk-agreement tests.
    const refused = new Set([
      'anthropic-sdk-python--tool_use_response.sse',
      'anthropic-sdk-python--incomplete_partial_json_response.sse',
    ]);
    const streams = hasShared('recorded-streams')
      ? recordedStreams().filter(
          (stream) => stream.format === 'anthropic' && !refused.has(stream.file),
        )
      : [];

    it('includes recordings with server tool blocks', () => {
      const text = (stream: (typeof streams)[number]) =>
        new TextDecoder().decode(recordedBody(stream));
      expect(
        streams.filter((stream) => text(stream).includes('"server_tool_use"')).length,
      ).toBeGreaterThan(3);
    });

    it.each(streams.map((stream) => [stream.file, stream] as const))(
      '%s',
      async (_file, stream) => {
        const body = recordedBody(stream);
        await expectAgreement([stream.framing === 'sse' ? body : namedEvents(body)]);
      },
    );
  },
);
