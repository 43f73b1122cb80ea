import { fragments } from '../shared/scripted-reply.js';
import type { ResolvedReply } from '../shared/scripted-reply.js';

/** What every chunk of one completion shares. */
export interface ChatCompletionEnvelope {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

/** A non-streaming `chat.completion` object, shaped like OpenAI's. */
export function toChatCompletion(
  reply: ResolvedReply,
  envelope: ChatCompletionEnvelope,
): Record<string, unknown> {
  const hasCalls = reply.toolCalls.length > 0;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: reply.text ?? (hasCalls ? null : ''),
    refusal: null,
  };
  if (hasCalls) {
    message.tool_calls = reply.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: envelope.id,
    object: 'chat.completion',
    created: envelope.created,
    model: envelope.model,
    choices: [
      { index: 0, message, logprobs: null, finish_reason: hasCalls ? 'tool_calls' : 'stop' },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/**
 * The `chat.completion.chunk` objects OpenAI streams for a reply, in order (without `[DONE]`).
 *
 * As OpenAI does: the first chunk carries `role`, text arrives in several `content` deltas, each
 * tool call starts with a delta holding `index`, `id`, `type` and `function.name` (arguments `""`),
 * later deltas hold only `index` and an `arguments` fragment, and a last chunk with an empty delta
 * carries `finish_reason`. With `includeUsage`, a final chunk with `choices: []` carries `usage`.
 */
export function toChatCompletionChunks(
  reply: ResolvedReply,
  envelope: ChatCompletionEnvelope,
  options: { readonly includeUsage: boolean },
): Record<string, unknown>[] {
  const hasCalls = reply.toolCalls.length > 0;
  const chunk = (
    delta: Record<string, unknown>,
    finishReason: string | null = null,
  ): Record<string, unknown> => ({
    id: envelope.id,
    object: 'chat.completion.chunk',
    created: envelope.created,
    model: envelope.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks = [
    chunk({
      role: 'assistant',
      content: reply.text === undefined && hasCalls ? null : '',
      refusal: null,
    }),
  ];
  for (const piece of fragments(reply.text ?? '')) chunks.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of fragments(call.arguments)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, hasCalls ? 'tool_calls' : 'stop'));
  if (options.includeUsage) {
    chunks.push({
      id: envelope.id,
      object: 'chat.completion.chunk',
      created: envelope.created,
      model: envelope.model,
      choices: [],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  }
  return chunks;
}
