import type { LangMessage, LangMessages } from 'aiwrapper';

/**
 * What the helpers keep per collection so a call does not rescan the whole conversation: the call
 * ids in use, for a prefix of the collection, and what that prefix looked like.
 */
interface TakenIndex {
  /** How many messages, from the start, the index covers. */
  length: number;
  /** `messages[0]` and `messages[length - 1]` when indexed: if either moved, the prefix changed. */
  first: LangMessage | undefined;
  last: LangMessage | undefined;
  /**
   * Every call id of a `tool` or `tool-result` item in the covered prefix. Ids of messages the
   * helpers replaced may linger: harmless, they only narrow the choice of fresh ids.
   */
  readonly ids: Set<string>;
}

const indexes = new WeakMap<LangMessages, TakenIndex>();

function addIds(ids: Set<string>, message: LangMessage | undefined): void {
  if (!message) return;
  for (const item of message.items)
    if (item.type === 'tool' || item.type === 'tool-result') ids.add(item.callId);
}

/**
 * Whether the indexed prefix is still the collection's prefix. The user may change the collection
 * by other means (aiwrapper's own `add*` methods, `push`, `splice`, `length = n`): appends keep
 * the prefix, and an insertion or removal before its end moves its last message (or its first).
 * Not noticed: replacing messages inside the prefix by as many others (`messages[i] = m`,
 * `splice(i, 1, m)`, or a removal and an insertion between two helper calls), or editing a
 * message's items other than the last one's. Then a fresh id could repeat one of theirs;
 * with the default generator (9 random alphanumerics) that is about one chance in 10^16 per id.
 */
function coversPrefix(index: TakenIndex, messages: LangMessages): boolean {
  return (
    messages.length >= index.length &&
    messages[0] === index.first &&
    (index.length === 0 || messages[index.length - 1] === index.last)
  );
}

function indexFrom(index: TakenIndex, messages: LangMessages, from: number): void {
  for (let at = from; at < messages.length; at++) addIds(index.ids, messages[at]);
  index.length = messages.length;
  index.first = messages[0];
  index.last = messages[messages.length - 1];
}

/**
 * Every call id in use in `messages`, kept per collection and brought up to date by reading only
 * the messages added since the last call (the whole collection again only when its prefix
 * changed). The returned set is the index itself: read it, never change it.
 */
export function takenCallIds(messages: LangMessages): ReadonlySet<string> {
  let index = indexes.get(messages);
  if (!index || !coversPrefix(index, messages)) {
    index = { length: 0, first: undefined, last: undefined, ids: new Set() };
    indexes.set(messages, index);
  }
  // The last indexed message is read again: aiwrapper streams items into the message it pushed.
  indexFrom(index, messages, Math.max(0, index.length - 1));
  return index.ids;
}

/**
 * Records that the helpers just wrote `messages[from]` onward (appended, or replaced a run at the
 * end), right after {@link takenCallIds}, so the next call does not take the write for a change
 * of the prefix and rebuild.
 */
export function noteWrittenMessages(messages: LangMessages, from: number): void {
  const index = indexes.get(messages);
  if (index) indexFrom(index, messages, Math.min(from, index.length));
}

/**
 * Drops the index of `messages`, after a pass that may have rewritten messages in place (repair
 * reshapes ids inside the collection). The next helper call indexes it again.
 */
export function forgetTakenCallIds(messages: LangMessages): void {
  indexes.delete(messages);
}
