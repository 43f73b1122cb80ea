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
  if (profile === undefined) return isValidLangHistory(messages);
  return (
    isValidLangHistory(messages, callIdRule(profile, start.taken)) &&
    meetsProfileShape(messages, profile, start.before) === true
  );
}

/**
 * The profile's id rules, for the validity pass to apply to each call id in turn: an id the
 * provider accepts and, where the provider wants it, used once in the whole conversation, `taken`
 * included.
 */
function callIdRule(
  profile: ProviderProfile,
  taken: ReadonlySet<string> | undefined,
): (callId: string) => boolean {
  const { accepts } = profile.callIds;
  if (profile.uniqueCallIds !== 'conversation') return accepts;
  const inConversation = new Set<string>();
  return (callId) => {
    if (!accepts(callId) || taken?.has(callId) === true) return false;
    // One lookup: a repeated id leaves the set's size as it was.
    const size = inConversation.size;
    return inConversation.add(callId).size > size;
  };
}
