import type { ProviderProfile } from '../core/provider-profile.js';
import { isValidLangHistory } from './is-valid-lang-history.js';
import { meetsProfileShape } from './meets-profile-shape.js';

/** Where the messages checked start, when they are the end of a history whose start was checked before. */
export interface LangHistoryStart {
  /** The message right before the first one checked. */
  readonly before?: unknown;
  /** The call ids of the messages before, for a profile that wants ids unique in the conversation. */
  readonly taken?: ReadonlySet<string> | undefined;
}

/**
 * True when aiwrapper messages are valid (the aiwrapper validator's verdict) and, when `profile`
 * is given, meet that provider's rules too, so that the repair would change nothing: the verdict
 * of the validator, its turn table and `meetsProfileByTable` with {@link meetsProfileShape}, in
 * lean walks that build no table, no issue and no neutral message.
 *
 * `chat()` runs it on every request with `autoRepairToolHistory`, a collection's first included,
 * where the full validator costs a third to all of aiwrapper's own request build (more after a
 * garbage collection, which drops its optimized code); only a history this finds wanting goes on
 * to the validator and the repair. A property test holds it to the full check's verdict, for every
 * provider's rules.
 */
export function meetsLangProfile(
  messages: readonly unknown[],
  profile: ProviderProfile | undefined,
  start: LangHistoryStart = {},
): boolean {
  if (!isValidLangHistory(messages)) return false;
  if (profile === undefined) return true;
  if (meetsProfileShape(messages, profile, start.before) !== true) return false;
  return meetsCallIdRules(messages, profile, start.taken);
}

/** A message {@link isValidLangHistory} accepted: its items are objects, its call ids strings. */
interface CheckedMessage {
  readonly role: string;
  readonly items: readonly { readonly type: string; readonly callId?: unknown }[];
}

/**
 * The profile's id rules over the calls of valid messages (each id unique in its turn already):
 * every id one the provider accepts and, where the provider wants it, used once in the whole
 * conversation, `taken` included.
 */
function meetsCallIdRules(
  messages: readonly unknown[],
  profile: ProviderProfile,
  taken: ReadonlySet<string> | undefined,
): boolean {
  const { accepts } = profile.callIds;
  const inConversation = profile.uniqueCallIds === 'conversation' ? new Set<string>() : undefined;
  for (const message of messages as readonly CheckedMessage[]) {
    if (message.role !== 'assistant') continue;
    for (const item of message.items) {
      if (item.type !== 'tool') continue;
      const id = item.callId as string;
      if (!accepts(id)) return false;
      if (inConversation === undefined) continue;
      if (inConversation.has(id) || taken?.has(id) === true) return false;
      inConversation.add(id);
    }
  }
  return true;
}
