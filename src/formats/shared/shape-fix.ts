/**
 * Shape fixes: what a format's shape repair changed in a message before the history was read (a
 * field in a form the provider refuses but the meaning is plain). One entry per change; a shape
 * repair never adds, drops or moves messages.
 */

/**
 * What a shape fix changed:
 * - `stringified-arguments`: `function.arguments` given as a JSON value became its JSON text;
 * - `removed-empty-tool-calls`: `tool_calls: []` on a text turn was removed;
 * - `added-tool-call-id`: a `tool` message without `tool_call_id` got one: the id of the one
 *   unanswered call of the turn before it, or, when that is ambiguous, a new id that no call has
 *   (the result is then an orphan, repaired per the `orphanResults` policy);
 * - `filled-content`: `content: null` on an assistant message without tool calls became `''`;
 * - `named-call`: a call with an empty `function.name` was named `unknown_tool`;
 * - `added-reasoning`: an assistant tool-call turn of the current turn got `reasoning_content: ''`
 *   (DeepSeek thinking mode needs the field; the reasoning itself is gone).
 */
export type ShapeFixKind =
  | 'stringified-arguments'
  | 'removed-empty-tool-calls'
  | 'added-tool-call-id'
  | 'filled-content'
  | 'named-call'
  | 'added-reasoning';

/** One change a shape repair made to one message. */
export interface ShapeFix {
  readonly kind: ShapeFixKind;
  /** Index of the message, in the repaired history. */
  readonly messageIndex: number;
  /** Position of the call inside the message, for a fix to one call. */
  readonly partIndex?: number | undefined;
  /** The call concerned (`''` when the fix concerns no call). */
  readonly callId: string;
  /** What was changed and why. */
  readonly message: string;
}

/** What a shape repair returns: the messages (the input's own objects where nothing changed) and its fixes. */
export interface ShapeRepair {
  readonly messages: readonly unknown[];
  /** In message order; empty when nothing changed (then `messages` is the input array). */
  readonly fixes: readonly ShapeFix[];
}

/** Merges two lists each in message order into one, `first`'s entries first at equal indexes. */
export function mergeByMessageIndex<T extends { readonly messageIndex: number }>(
  first: readonly T[],
  second: readonly T[],
): T[] {
  if (first.length === 0) return second.slice();
  const merged: T[] = [];
  let b = 0;
  for (const entry of first) {
    for (; b < second.length; b++) {
      const next = second[b];
      if (next === undefined || next.messageIndex >= entry.messageIndex) break;
      merged.push(next);
    }
    merged.push(entry);
  }
  for (; b < second.length; b++) {
    const next = second[b];
    if (next !== undefined) merged.push(next);
  }
  return merged;
}
