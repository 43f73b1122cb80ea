/** One tool call a scripted reply makes. */
export interface ScriptedToolCall {
  /** The call id. @defaultValue a fresh OpenAI-style id, `call_` and 24 letters and digits. */
  readonly id?: string | undefined;
  /** The tool's name. */
  readonly name: string;
  /** The arguments: a JSON string as on the wire, or an object that is serialized for you. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** What the strict server answers to one chat request. */
export interface ScriptedReply {
  /** Assistant text. @defaultValue no text (`content: null` when there are tool calls). */
  readonly text?: string | undefined;
  /** Tool calls, in order. @defaultValue none */
  readonly toolCalls?: readonly ScriptedToolCall[] | undefined;
}

/** A reply with everything decided: ids assigned, arguments serialized. */
interface ResolvedReply {
  readonly text: string | undefined;
  readonly toolCalls: readonly { readonly id: string; readonly name: string; readonly arguments: string }[];
}

interface ReplyEnvelope {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Returns `prefix` followed by `length` random letters and digits, like OpenAI's ids. */
export function randomOpenAIId(prefix: string, length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = prefix;
  for (const byte of bytes) id += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
  return id;
}

/** Assigns missing call ids and serializes object arguments. */
export function resolveReply(reply: ScriptedReply): ResolvedReply {
  return {
    text: reply.text,
    toolCalls: (reply.toolCalls ?? []).map((call) => ({
      id: call.id ?? randomOpenAIId('call_', 24),
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    })),
  };
}

/** A non-streaming `chat.completion` object, shaped like OpenAI's. */
export function toChatCompletion(reply: ResolvedReply, envelope: ReplyEnvelope): Record<string, unknown> {
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
    choices: [{ index: 0, message, logprobs: null, finish_reason: hasCalls ? 'tool_calls' : 'stop' }],
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
  envelope: ReplyEnvelope,
  options: { readonly includeUsage: boolean },
): Record<string, unknown>[] {
  const hasCalls = reply.toolCalls.length > 0;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> => ({
    id: envelope.id,
    object: 'chat.completion.chunk',
    created: envelope.created,
    model: envelope.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks = [chunk({ role: 'assistant', content: reply.text === undefined && hasCalls ? null : '', refusal: null })];
  for (const piece of fragments(reply.text ?? '')) chunks.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
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

/**
 * Splits text into pieces of at most 8 code points (never inside a surrogate pair), at least two
 * pieces when it has two code points, so clients must join deltas to read anything whole.
 */
function fragments(text: string): string[] {
  const points = Array.from(text);
  const size = Math.max(1, Math.min(8, Math.ceil(points.length / 2)));
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size) {
    pieces.push(points.slice(start, start + size).join(''));
  }
  return pieces;
}
