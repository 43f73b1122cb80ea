import type { MessageFormat } from '../../src/core/format.js';

/** One neutral round: a user asks, the assistant calls tools, results come back, the assistant answers. */
export interface NeutralRound {
  readonly calls: readonly { readonly id: string; readonly name: string }[];
  /** Call positions in the order their results are sent. */
  readonly resultOrder: readonly number[];
}

/** A history in one format, with where each round's call turn and results landed. */
export interface RenderedHistory {
  readonly messages: unknown[];
  /** Per round: index of the call turn, and of each result's message (in result order). */
  readonly rounds: readonly {
    /** Per call position, the index of the message (Responses: item) holding the call. */
    readonly callIndexes: readonly number[];
    readonly resultIndexes: readonly number[];
    readonly replyIndex: number;
  }[];
}

/** Formats whose calls and results are parts of one message (results of a round share a message). */
export const PART_FORMATS: ReadonlySet<MessageFormat> = new Set<MessageFormat>([
  'anthropic',
  'bedrock',
  'gemini',
  'vercel',
  'aiwrapper',
]);

/** Renders neutral rounds as one format's message array (a request: Mistral's ends with a user message). */
export function renderHistory(
  format: MessageFormat,
  rounds: readonly NeutralRound[],
): RenderedHistory {
  const messages: unknown[] = [];
  const placed: { callIndexes: number[]; resultIndexes: number[]; replyIndex: number }[] = [];
  for (const round of rounds) {
    messages.push(userText(format, 'go'));
    const callIndexes: number[] = [];
    if (format === 'openai-responses') {
      for (const call of round.calls) {
        callIndexes.push(messages.length);
        messages.push({
          type: 'function_call',
          call_id: call.id,
          name: call.name,
          arguments: '{}',
        });
      }
    } else {
      callIndexes.push(...round.calls.map(() => messages.length));
      messages.push(callTurn(format, round));
    }
    const resultIndexes: number[] = [];
    if (format === 'vercel-ui') {
      // A UI message holds each result in its call's tool part.
      resultIndexes.push(...round.resultOrder.map(() => messages.length - 1));
    } else if (PART_FORMATS.has(format)) {
      resultIndexes.push(...round.resultOrder.map(() => messages.length));
      messages.push(
        resultTurn(
          format,
          round.resultOrder.map((position) => round.calls[position] ?? { id: '', name: '' }),
        ),
      );
    } else {
      for (const position of round.resultOrder) {
        resultIndexes.push(messages.length);
        messages.push(resultTurn(format, [round.calls[position] ?? { id: '', name: '' }]));
      }
    }
    placed.push({ callIndexes, resultIndexes, replyIndex: messages.length });
    messages.push(assistantText(format, 'done'));
  }
  // Mistral serves a request only from a last user or tool message ("Expected last role User or
  // Tool …"): its request goes on with the next question.
  if (format === 'mistral' && messages.length > 0) messages.push(userText(format, 'next'));
  return { messages, rounds: placed };
}

function userText(format: MessageFormat, text: string): unknown {
  switch (format) {
    case 'gemini':
      return { role: 'user', parts: [{ text }] };
    case 'aiwrapper':
      return { role: 'user', items: [{ type: 'text', text }] };
    case 'bedrock':
      return { role: 'user', content: [{ text }] };
    case 'vercel-ui':
      return { id: `u-${text}`, role: 'user', parts: [{ type: 'text', text }] };
    default:
      return { role: 'user', content: text };
  }
}

function assistantText(format: MessageFormat, text: string): unknown {
  switch (format) {
    case 'gemini':
      return { role: 'model', parts: [{ text }] };
    case 'aiwrapper':
      return { role: 'assistant', items: [{ type: 'text', text }] };
    case 'openai-responses':
      return { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] };
    case 'bedrock':
      return { role: 'assistant', content: [{ text }] };
    case 'vercel-ui':
      return { id: `a-${text}`, role: 'assistant', parts: [{ type: 'text', text }] };
    default:
      return { role: 'assistant', content: text };
  }
}

/** The call turn (Responses calls are separate items, pushed by the caller). */
function callTurn(
  format: Exclude<MessageFormat, 'openai-responses'>,
  round: NeutralRound,
): unknown {
  switch (format) {
    case 'openai-chat':
    case 'mistral':
      return {
        role: 'assistant',
        content: '',
        tool_calls: round.calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: '{}' },
        })),
      };
    case 'anthropic':
      return {
        role: 'assistant',
        content: [
          { type: 'text', text: 'checking' },
          ...round.calls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: {},
          })),
        ],
      };
    case 'bedrock':
      return {
        role: 'assistant',
        content: [
          { text: 'checking' },
          ...round.calls.map((call) => ({
            toolUse: { toolUseId: call.id, name: call.name, input: {} },
          })),
        ],
      };
    case 'gemini':
      return {
        role: 'model',
        parts: round.calls.map((call) => ({ functionCall: { name: call.name, args: {} } })),
      };
    case 'vercel':
      return {
        role: 'assistant',
        content: round.calls.map((call) => ({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: {},
        })),
      };
    case 'aiwrapper':
      return {
        role: 'assistant',
        items: round.calls.map((call) => ({
          type: 'tool',
          callId: call.id,
          name: call.name,
          arguments: {},
        })),
      };
    case 'vercel-ui':
      return {
        id: 'calls',
        role: 'assistant',
        parts: round.calls.map((call, position) =>
          uiToolPart(call, round.resultOrder.includes(position)),
        ),
      };
  }
}

/** A UI tool part, with its output when `answered`. */
function uiToolPart(
  call: { readonly id: string; readonly name: string },
  answered: boolean,
): object {
  const part = { type: `tool-${call.name}`, toolCallId: call.id, input: {} };
  return answered
    ? { ...part, state: 'output-available', output: 'ok' }
    : { ...part, state: 'input-available' };
}

/** One results message for `calls` (several only for the part formats). */
export function resultTurn(
  format: MessageFormat,
  calls: readonly { readonly id: string; readonly name: string }[],
): unknown {
  switch (format) {
    case 'openai-chat':
    case 'mistral':
      return { role: 'tool', tool_call_id: calls[0]?.id, name: calls[0]?.name, content: 'ok' };
    case 'openai-responses':
      return { type: 'function_call_output', call_id: calls[0]?.id, output: 'ok' };
    case 'anthropic':
      return {
        role: 'user',
        content: calls.map((call) => ({
          type: 'tool_result',
          tool_use_id: call.id,
          content: 'ok',
        })),
      };
    case 'bedrock':
      // Bedrock refuses a message with no content blocks: a round without results says so in text.
      return {
        role: 'user',
        content:
          calls.length === 0
            ? [{ text: 'no results' }]
            : calls.map((call) => ({
                toolResult: { toolUseId: call.id, content: [{ text: 'ok' }] },
              })),
      };
    case 'gemini':
      return {
        role: 'user',
        parts: calls.map((call) => ({
          functionResponse: { name: call.name, response: { ok: true } },
        })),
      };
    case 'vercel':
      return {
        role: 'tool',
        content: calls.map((call) => ({
          type: 'tool-result',
          toolCallId: call.id,
          toolName: call.name,
          output: { type: 'text', value: 'ok' },
        })),
      };
    case 'vercel-ui':
      // UI messages have no results apart from calls: the calls with their outputs.
      return {
        id: 'results',
        role: 'assistant',
        parts: calls.map((call) => uiToolPart(call, true)),
      };
    case 'aiwrapper':
      return {
        role: 'tool-results',
        items: calls.map((call) => ({
          type: 'tool-result',
          callId: call.id,
          name: call.name,
          result: 'ok',
        })),
      };
  }
}
