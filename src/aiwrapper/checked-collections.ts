import type { LangMessage, LangMessages } from 'aiwrapper';
import type { HistoryInspection } from '../core/history-inspection.js';
import type { ProviderProfile } from '../core/provider-profile.js';
import { inspectHistory } from '../validate/inspect-history.js';
import { meetsLangProfile } from './meets-lang-profile.js';

/**
 * The last check of a collection that found it valid: the messages it read, each one's `items`
 * array and item count (so a replaced message, a replaced items array or an added item shows),
 * and the call ids of a prefix of it. One per profile checked, as modes and providers may alternate.
 */
interface CheckedCollection {
  readonly messages: LangMessage[];
  readonly items: (readonly unknown[])[];
  readonly counts: number[];
  /** The call ids of `messages[0, idsThrough)`, for providers that want ids unique in the conversation. */
  readonly ids: Set<string>;
  idsThrough: number;
}

/** Per collection, per profile checked (`null`: only the rule every provider shares). */
const checked = new WeakMap<LangMessages, Map<ProviderProfile | null, CheckedCollection>>();
/**
 * Collections found valid once and not recorded: recording costs about as much as the lean pass,
 * and a third of the validator's, so a collection is recorded only when it is checked valid a
 * second time (an agent loop), and a first request costs the check alone.
 */
const checkedOnce = new WeakSet<LangMessages>();

/** What {@link checkCollection} found. */
export interface CollectionCheck {
  /** True when the collection is valid and meets the profile: the repair would change nothing. */
  readonly met: boolean;
  /** The whole collection's inspection, when it is not met (for the repair to reuse). */
  readonly inspection?: HistoryInspection | undefined;
}

/**
 * Whether `collection` is valid for the rule every provider shares and, when `profile` is given,
 * meets that provider's rules too, so that a repair would change nothing.
 *
 * Agent loops send the same collection again and again, a few messages longer each time: only the
 * messages since the last call turn or user message the previous check saw are read again, when
 * every message before them is the same object, with the same `items` array of the same length,
 * as then. Not noticed: an item of such a message changed in place (`items[0] = other`, or a
 * field of an item); then the repair this check stands in for does not run, and the provider
 * refuses the request as it would without `autoRepairToolHistory`.
 */
export function checkCollection(
  collection: LangMessages,
  profile: ProviderProfile | undefined,
): CollectionCheck {
  let entries = checked.get(collection);
  if (entries === undefined) {
    entries = new Map();
    checked.set(collection, entries);
  }
  const key = profile ?? null;
  const entry = entries.get(key);
  const from = entry ? unchangedThrough(entry, collection) : 0;
  if (entry && from > 0 && tailMeets(entry, collection, from, profile)) {
    update(entry, collection, from);
    return { met: true };
  }
  // One lean pass decides; only a collection it finds wanting is read by the validator, for the
  // repair to reuse (the two agree: a property test holds them to the same verdict).
  if (meetsLangProfile(collection, profile)) {
    record(entries, key, collection);
    return { met: true };
  }
  entries.delete(key);
  return { met: false, inspection: inspectHistory(collection, 'aiwrapper') };
}

/** Records `collection`, found valid for `key`, when it was found valid before (see `checkedOnce`). */
function record(
  entries: Map<ProviderProfile | null, CheckedCollection>,
  key: ProviderProfile | null,
  collection: LangMessages,
): void {
  if (checkedOnce.has(collection)) entries.set(key, recorded(collection));
  else checkedOnce.add(collection);
}

/** A record of `collection` as checked, whole. */
function recorded(collection: LangMessages): CheckedCollection {
  const fresh: CheckedCollection = {
    messages: [],
    items: [],
    counts: [],
    ids: new Set(),
    idsThrough: 0,
  };
  update(fresh, collection, 0);
  return fresh;
}

/**
 * Where to read again from: the latest message of the checked ones that is not a results message
 * (a results message added later may answer its calls), when every message before it is unchanged;
 * 0 when something before it changed.
 */
function unchangedThrough(entry: CheckedCollection, collection: LangMessages): number {
  const { messages, items, counts } = entry;
  if (collection.length < messages.length) return 0;
  let from = messages.length - 1;
  while (from > 0 && messages[from]?.role === 'tool-results') from--;
  for (let index = 0; index < from; index++) {
    const message = collection[index];
    if (
      message === undefined ||
      message !== messages[index] ||
      message.items !== items[index] ||
      message.items.length !== counts[index]
    )
      return 0;
  }
  return from;
}

/** The call ids of the messages before `from`, brought up to date. */
function idsBefore(entry: CheckedCollection, from: number): ReadonlySet<string> {
  for (let index = entry.idsThrough; index < from; index++) {
    const message = entry.messages[index];
    if (message?.role !== 'assistant') continue;
    for (const item of message.items) if (item.type === 'tool') entry.ids.add(item.callId);
  }
  entry.idsThrough = Math.max(entry.idsThrough, from);
  return entry.ids;
}

/**
 * Whether the messages from `from` on, after a checked start that is unchanged, are valid and
 * meet `profile`. False also when they are not of aiwrapper's shape: the whole check then says
 * where, with indexes into the whole collection.
 */
function tailMeets(
  entry: CheckedCollection,
  collection: LangMessages,
  from: number,
  profile: ProviderProfile | undefined,
): boolean {
  const tail: unknown[] = [];
  for (let index = from; index < collection.length; index++) tail.push(collection[index]);
  return meetsLangProfile(tail, profile, {
    before: collection[from - 1],
    taken: profile?.uniqueCallIds === 'conversation' ? idsBefore(entry, from) : undefined,
  });
}

/** Records `collection[from…]` as checked. */
function update(entry: CheckedCollection, collection: LangMessages, from: number): void {
  entry.messages.length = from;
  entry.items.length = from;
  entry.counts.length = from;
  for (let index = from; index < collection.length; index++) {
    const message = collection[index];
    if (message === undefined) continue;
    entry.messages.push(message);
    entry.items.push(message.items);
    entry.counts.push(message.items.length);
  }
}
