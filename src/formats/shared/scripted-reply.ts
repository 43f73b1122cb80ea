/** One tool call a scripted reply makes. */
export interface ScriptedToolCall {
  /**
   * The call id. Gemini replies carry it as `functionCall.id` only when it is given here, since
   * the Gemini Developer API does not number its calls.
   * @defaultValue a fresh id in the provider's style: `call_` and 24 letters and digits (OpenAI),
   *   `toolu_01` and 22 (Anthropic), 9 letters and digits (Mistral)
   */
  readonly id?: string | undefined;
  /** The tool's name. */
  readonly name: string;
  /** The arguments: a JSON string as on the wire, or an object that is serialized for you. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** What the strict server answers to one accepted request, whichever endpoint it came to. */
export interface ScriptedReply {
  /** Assistant text. @defaultValue no text (`content: null` in Chat Completions when there are tool calls). */
  readonly text?: string | undefined;
  /** Tool calls, in order. @defaultValue none */
  readonly toolCalls?: readonly ScriptedToolCall[] | undefined;
}

/** One call with everything decided. */
export interface ResolvedToolCall {
  readonly id: string;
  /** Whether the script named the id (Gemini shows only those). */
  readonly idGiven: boolean;
  readonly name: string;
  /** The arguments as a JSON string. */
  readonly arguments: string;
}

/** A reply with everything decided: ids assigned, arguments serialized. */
export interface ResolvedReply {
  readonly text: string | undefined;
  readonly toolCalls: readonly ResolvedToolCall[];
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** Returns `prefix` followed by `length` random characters of `alphabet` (letters and digits by default). */
export function randomId(prefix: string, length: number, alphabet: string = ALPHANUMERIC): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = prefix;
  for (const byte of bytes) id += alphabet.charAt(byte % alphabet.length);
  return id;
}

/** Returns `prefix` followed by `length` random lowercase hex digits, like the Responses API's ids. */
export function randomHexId(prefix: string, length: number): string {
  return randomId(prefix, length, HEX);
}

/** Assigns missing call ids (from `newCallId`) and serializes object arguments. */
export function resolveReply(reply: ScriptedReply, newCallId: () => string): ResolvedReply {
  return {
    text: reply.text,
    toolCalls: (reply.toolCalls ?? []).map((call) => ({
      id: call.id ?? newCallId(),
      idGiven: call.id !== undefined,
      name: call.name,
      arguments:
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    })),
  };
}

/**
 * Splits text into pieces of at most 8 code points (never inside a surrogate pair), at least two
 * pieces when it has two code points, so clients must join deltas to read anything whole.
 */
export function fragments(text: string): string[] {
  const points = Array.from(text);
  const size = Math.max(1, Math.min(8, Math.ceil(points.length / 2)));
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size) {
    pieces.push(points.slice(start, start + size).join(''));
  }
  return pieces;
}

/** Parses a call's JSON arguments for providers that carry them as objects (Gemini's `args`). */
export function argumentsObject(call: ResolvedToolCall): unknown {
  try {
    return JSON.parse(call.arguments) as unknown;
  } catch {
    // A script may send broken JSON on purpose to test a client; Gemini cannot carry it, so the
    // raw text is kept where a reader will see it.
    return { arguments: call.arguments };
  }
}
