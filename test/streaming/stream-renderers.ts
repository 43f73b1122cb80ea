import { fc } from '@fast-check/vitest';
import type { StreamFormat } from '../../src/streaming/tool-call-accumulator.js';

/** How a generated call identifies itself: a real id, an empty one, the "null" placeholder, or none. */
export type IdKind = 'provided' | 'empty' | 'null' | 'missing';

export interface GeneratedCall {
  readonly idKind: IdKind;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export interface GeneratedMessage {
  readonly text: string;
  readonly calls: readonly GeneratedCall[];
}

/** Where to cut strings: each number picks a cut point modulo the string length. */
export type Cuts = readonly number[];

export const arbitraryMessage: fc.Arbitrary<GeneratedMessage> = fc.record({
  text: fc.string({ maxLength: 30, unit: 'grapheme' }),
  calls: fc.array(
    fc.record({
      idKind: fc.constantFrom<IdKind>('provided', 'empty', 'null', 'missing'),
      name: fc.stringMatching(/^[a-z][a-z_]{0,11}$/),
      arguments: fc.dictionary(
        fc.string({ maxLength: 8, unit: 'grapheme' }),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 4 },
      ),
    }),
    { maxLength: 4 },
  ),
});

export function idOf(call: GeneratedCall, position: number): string | null | undefined {
  switch (call.idKind) {
    case 'provided':
      return `call_${position}`;
    case 'empty':
      return '';
    case 'null':
      return 'null';
    case 'missing':
      return undefined;
  }
}

/** Splits `text` at the given cut points (an empty cut list keeps it whole). */
export function split(text: string, cuts: Cuts): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    if (point > start) pieces.push(text.slice(start, point));
    start = Math.max(start, point);
  }
  pieces.push(text.slice(start));
  return pieces;
}

function withId<T extends object>(value: T, key: string, id: string | null | undefined): T {
  return id === undefined ? value : { ...value, [key]: id };
}

function renderOpenAIChat(message: GeneratedMessage, cuts: Cuts, interleave: boolean): unknown[] {
  const chunk = (delta: object, finish: string | null = null): unknown => ({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const events: unknown[] = split(message.text, cuts).map((content) =>
    chunk({ role: 'assistant', content }),
  );
  const perCall = message.calls.map((call, position) =>
    split(JSON.stringify(call.arguments), cuts).map((piece, at) =>
      // Sparse indexes (0, 2, 4, …); the id, type and name only on the first piece.
      at === 0
        ? chunk({
            tool_calls: [
              withId(
                {
                  index: position * 2,
                  type: 'function',
                  function: { name: call.name, arguments: piece },
                },
                'id',
                idOf(call, position),
              ),
            ],
          })
        : chunk({ tool_calls: [{ index: position * 2, function: { arguments: piece } }] }),
    ),
  );
  if (interleave) {
    for (let round = 0; perCall.some((pieces) => round < pieces.length); round++) {
      for (const pieces of perCall) if (round < pieces.length) events.push(pieces[round]);
    }
  } else {
    for (const pieces of perCall) events.push(...pieces);
  }
  events.push(chunk({}, 'tool_calls'), { choices: [], usage: { total_tokens: 1 } });
  return events;
}

function renderOpenAIResponses(message: GeneratedMessage, cuts: Cuts): unknown[] {
  const events: unknown[] = split(message.text, cuts).map((delta) => ({
    type: 'response.output_text.delta',
    item_id: 'msg_1',
    output_index: 0,
    content_index: 0,
    delta,
  }));
  message.calls.forEach((call, position) => {
    const itemId = `fc_${position}`;
    const text = JSON.stringify(call.arguments);
    events.push({
      type: 'response.output_item.added',
      output_index: position + 1,
      item: withId(
        { type: 'function_call', id: itemId, name: call.name, arguments: '' },
        'call_id',
        idOf(call, position),
      ),
    });
    for (const delta of split(text, cuts))
      events.push({
        type: 'response.function_call_arguments.delta',
        item_id: itemId,
        output_index: position + 1,
        delta,
      });
    events.push({
      type: 'response.function_call_arguments.done',
      item_id: itemId,
      output_index: position + 1,
      arguments: text,
    });
  });
  events.push({ type: 'response.completed', response: { status: 'completed' } });
  return events;
}

function renderAnthropic(message: GeneratedMessage, cuts: Cuts): unknown[] {
  const events: unknown[] = [
    { type: 'message_start', message: { role: 'assistant', content: [] } },
  ];
  events.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  for (const text of split(message.text, cuts))
    events.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
  events.push({ type: 'content_block_stop', index: 0 });
  message.calls.forEach((call, position) => {
    const index = position + 1;
    events.push({
      type: 'content_block_start',
      index,
      content_block: withId(
        { type: 'tool_use', name: call.name, input: {} },
        'id',
        idOf(call, position),
      ),
    });
    for (const partial of split(JSON.stringify(call.arguments), cuts))
      events.push({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: partial },
      });
    events.push({ type: 'content_block_stop', index });
  });
  events.push(
    { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
    { type: 'message_stop' },
  );
  return events;
}

/**
 * Bedrock ConverseStream events as the AWS SDK yields them: text deltas without a block start,
 * then per call `contentBlockStart` (`start.toolUse`), `delta.toolUse.input` pieces and
 * `contentBlockStop`.
 */
function renderBedrock(message: GeneratedMessage, cuts: Cuts): unknown[] {
  const events: unknown[] = [{ messageStart: { role: 'assistant' } }];
  for (const text of split(message.text, cuts))
    events.push({ contentBlockDelta: { contentBlockIndex: 0, delta: { text } } });
  events.push({ contentBlockStop: { contentBlockIndex: 0 } });
  message.calls.forEach((call, position) => {
    const contentBlockIndex = position + 1;
    events.push({
      contentBlockStart: {
        contentBlockIndex,
        start: { toolUse: withId({ name: call.name }, 'toolUseId', idOf(call, position)) },
      },
    });
    for (const input of split(JSON.stringify(call.arguments), cuts))
      events.push({ contentBlockDelta: { contentBlockIndex, delta: { toolUse: { input } } } });
    events.push({ contentBlockStop: { contentBlockIndex } });
  });
  events.push(
    { messageStop: { stopReason: 'tool_use' } },
    { metadata: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } } },
  );
  return events;
}

/** Gemini and Ollama send calls whole: "splitting" spreads text and calls over more chunks. */
function renderWholeCalls(
  message: GeneratedMessage,
  cuts: Cuts,
  format: 'gemini' | 'ollama',
): unknown[] {
  const texts = split(message.text, cuts);
  const groups: GeneratedCall[][] = [];
  message.calls.forEach((call, position) => {
    const last = groups[groups.length - 1];
    if (last === undefined || cuts.includes(position)) groups.push([call]);
    else last.push(call);
  });
  const offset = (call: GeneratedCall): number => message.calls.indexOf(call);
  if (format === 'gemini') {
    const events: unknown[] = texts.map((text) => ({
      candidates: [{ index: 0, content: { role: 'model', parts: [{ text }] } }],
    }));
    for (const group of groups) {
      events.push({
        candidates: [
          {
            index: 0,
            content: {
              role: 'model',
              parts: group.map((call) => ({
                functionCall: withId(
                  { name: call.name, args: call.arguments },
                  'id',
                  idOf(call, offset(call)),
                ),
              })),
            },
          },
        ],
      });
    }
    events.push({
      candidates: [{ index: 0, content: { role: 'model', parts: [] }, finishReason: 'STOP' }],
    });
    return events;
  }
  const events: unknown[] = texts.map((content) => ({
    model: 'llama3.2',
    message: { role: 'assistant', content },
    done: false,
  }));
  for (const group of groups) {
    events.push({
      model: 'llama3.2',
      message: {
        role: 'assistant',
        content: '',
        tool_calls: group.map((call) =>
          withId(
            { function: { name: call.name, arguments: call.arguments } },
            'id',
            idOf(call, offset(call)),
          ),
        ),
      },
      done: false,
    });
  }
  events.push({ model: 'llama3.2', message: { role: 'assistant', content: '' }, done: true });
  return events;
}

/** Renders a message as the events `format` streams, cutting text and arguments at `cuts`. */
export function renderStream(
  format: StreamFormat,
  message: GeneratedMessage,
  cuts: Cuts,
  interleave = false,
): unknown[] {
  switch (format) {
    case 'openai-chat':
      return renderOpenAIChat(message, cuts, interleave);
    case 'openai-responses':
      return renderOpenAIResponses(message, cuts);
    case 'anthropic':
      return renderAnthropic(message, cuts);
    case 'bedrock':
      return renderBedrock(message, cuts);
    case 'gemini':
    case 'ollama':
      return renderWholeCalls(message, cuts, format);
  }
}

/** The SSE (or, for Ollama and Bedrock, JSON-lines) body carrying `events`. */
export function renderBody(
  format: StreamFormat,
  events: readonly unknown[],
  lineEnding: '\n' | '\r\n' | '\r',
): string {
  if (format === 'ollama' || format === 'bedrock')
    return events.map((event) => JSON.stringify(event) + lineEnding).join('');
  const body = events
    .map(
      (event) =>
        `event: message${lineEnding}data: ${JSON.stringify(event)}${lineEnding}${lineEnding}`,
    )
    .join('');
  return format === 'openai-chat'
    ? `${body}: keep-alive comment${lineEnding}data: [DONE]${lineEnding}${lineEnding}`
    : body;
}
