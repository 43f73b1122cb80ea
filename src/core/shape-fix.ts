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

/**
 * Runs `repair` between two passes of a format's shape repair: before it (on the input, so the
 * reader sees plain fields) and after it (on what it wrote: a call turn it synthesized may need
 * what a host asks of call turns, such as DeepSeek's `reasoning_content`). The fixes of the first
 * pass are placed in the output ({@link placeShapeFixes}); all fixes come back in message order.
 */
export function repairWithShape<
  X extends { readonly messageIndex: number; readonly fromIndex?: number | undefined },
  R extends { readonly messages: readonly unknown[]; readonly fixes: readonly X[] },
>(
  messages: readonly unknown[],
  repairShape: (messages: readonly unknown[], stage: 'before' | 'after') => ShapeRepair,
  repair: (messages: readonly unknown[]) => R,
): R & { readonly fixes: readonly (X | ShapeFix)[] } {
  const before = repairShape(messages, 'before');
  const repaired = repair(before.messages);
  const placed =
    before.fixes.length === 0 ? [] : placeShapeFixes(before, repaired.messages, repaired.fixes);
  const after = repaired.fixes.length === 0 ? undefined : repairShape(repaired.messages, 'after');
  if (placed.length === 0 && (after === undefined || after.fixes.length === 0)) return repaired;
  const fixes = mergeByMessageIndex<X | ShapeFix>(placed, repaired.fixes);
  if (after === undefined || after.fixes.length === 0) return { ...repaired, fixes };
  return {
    ...repaired,
    messages: after.messages,
    fixes: mergeByMessageIndex<X | ShapeFix>(fixes, after.fixes),
  };
}

/**
 * Puts shape fixes at the indexes their messages have in `output`, what a later repair made of
 * `shaped.messages` (it may insert, drop and move messages): a fixed message still in `output` is
 * found by identity; else where a later fix (`later`) says it took the message from (its
 * `fromIndex`: a result moved, or turned into text); else it keeps its distance from the nearest
 * earlier message `output` holds. Linear in the lengths of `output`, `later` and `shaped.messages`.
 */
export function placeShapeFixes(
  shaped: ShapeRepair,
  output: readonly unknown[],
  later: readonly { readonly messageIndex: number; readonly fromIndex?: number | undefined }[] = [],
): ShapeFix[] {
  const at = new Map<unknown, number>();
  for (let index = 0; index < output.length; index++) at.set(output[index], index);
  const movedTo = new Map<number, number>();
  for (const fix of later)
    if (fix.fromIndex !== undefined && !movedTo.has(fix.fromIndex))
      movedTo.set(fix.fromIndex, fix.messageIndex);
  const placed: ShapeFix[] = [];
  let input = 0;
  let lastFound = -1;
  let lastFoundAt = -1;
  for (const fix of shaped.fixes) {
    // The nearest message at or before the fixed one that `output` holds as it was.
    for (; input <= fix.messageIndex; input++) {
      const found = at.get(shaped.messages[input]);
      if (found !== undefined) {
        lastFound = input;
        lastFoundAt = found;
      }
    }
    const messageIndex =
      lastFound === fix.messageIndex
        ? lastFoundAt
        : (movedTo.get(fix.messageIndex) ?? lastFoundAt + (fix.messageIndex - lastFound));
    placed.push(messageIndex === fix.messageIndex ? fix : { ...fix, messageIndex });
  }
  return placed;
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
