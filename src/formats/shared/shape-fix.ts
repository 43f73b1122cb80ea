/**
 * What a shape repair changed in one message before the history was read (it never adds, drops
 * or moves messages): arguments given as JSON became text; `tool_calls: []` was removed; a `tool`
 * message got the `tool_call_id` of the one unanswered call before it (or a new, orphan id);
 * `content: null` became `''`; an empty name became `unknown_tool`; a DeepSeek call turn got
 * `reasoning_content: ''`.
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
  readonly messageIndex: number;
  /** Position of the call inside the message, for a fix to one call. */
  readonly partIndex?: number | undefined;
  /** The call concerned (`''` for none). */
  readonly callId: string;
  readonly message: string;
}

/** What a shape repair returns: the messages (the input itself when `fixes` is empty) and its fixes. */
export interface ShapeRepair {
  readonly messages: readonly unknown[];
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
