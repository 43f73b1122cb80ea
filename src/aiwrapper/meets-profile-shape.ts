import type { ProviderProfile } from '../core/provider-profile.js';

/** A message the aiwrapper validator accepted: an object with a known role and an `items` array. */
interface CheckedMessage {
  readonly role: 'user' | 'assistant' | 'tool-results';
  readonly items: readonly unknown[];
}

/** An item of such a message; only assistant and results items are known to be objects. */
interface CheckedItem {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly callId?: unknown;
  readonly name?: unknown;
}

/**
 * Whether aiwrapper messages that the aiwrapper validator accepted also meet the rules of
 * `profile` that its turn table cannot show (where text sits, result names, which role comes
 * before a call turn or after results): `true` when the repair would change nothing for them,
 * `false` when it would, `undefined` when this walk cannot tell without reading the history
 * (an item the reader refuses, results split over two messages), so the caller repairs as usual.
 * `true` for a profile with none of these rules.
 *
 * It mirrors `fromAiwrapper` and the repair's checks for a valid history, one message at a time,
 * without building anything: for `autoRepairToolHistory`, a valid history bound for Anthropic,
 * Gemini or Mistral then costs its one validation pass and this walk, not a read and a repair.
 * `before` is the message before `messages[0]`, when they are the end of a longer history.
 */
export function meetsProfileShape(
  messages: readonly unknown[],
  profile: ProviderProfile,
  before?: unknown,
): boolean | undefined {
  // The rules below are the only ones it decides (as `meetsProfileByTable` asks it only for them).
  if (!hasShapeRules(profile)) return true;
  let previous = before as CheckedMessage | undefined;
  for (const entry of messages) {
    const message = entry as CheckedMessage;
    const { items } = message;
    switch (message.role) {
      case 'user':
        // The validator reads no user item; the reader wants each to be an object.
        for (const item of items) if (typeof item !== 'object' || item === null) return undefined;
        // Mistral refuses a user message right after tool results.
        if (profile.assistantAfterResults && previous?.role === 'tool-results') return false;
        break;
      case 'assistant': {
        const calls = callTurnShape(items, profile);
        if (calls !== true) return calls;
        // Gemini: a call turn follows a user turn or results.
        if (
          profile.callTurnAfterUser &&
          hasCalls(items) &&
          previous?.role !== 'user' &&
          previous?.role !== 'tool-results'
        )
          return false;
        break;
      }
      case 'tool-results': {
        // Two results messages in a row are read (or repaired) into one: not decided here.
        if (previous?.role === 'tool-results' || items.length === 0) return undefined;
        const results = resultsShape(items, previous, profile);
        if (results !== true) return results;
        break;
      }
    }
    previous = message;
  }
  return true;
}

/** Whether `profile` has rules a turn table cannot show. */
function hasShapeRules(profile: ProviderProfile): boolean {
  return (
    profile.textBeforeCalls ||
    profile.resultNamesMatchCalls ||
    profile.callTurnAfterUser ||
    profile.assistantAfterResults
  );
}

/** An assistant message: every call named, and (Anthropic) no text after the first call. */
function callTurnShape(items: readonly unknown[], profile: ProviderProfile): boolean | undefined {
  let afterCall = false;
  for (const item of items as readonly CheckedItem[]) {
    if (item.type === 'tool') {
      if (typeof item.name !== 'string') return undefined;
      afterCall = true;
    } else if (
      afterCall &&
      profile.textBeforeCalls &&
      item.type === 'text' &&
      typeof item.text === 'string'
    ) {
      return false;
    }
  }
  return true;
}

function hasCalls(items: readonly unknown[]): boolean {
  for (const item of items as readonly CheckedItem[]) if (item.type === 'tool') return true;
  return false;
}

/**
 * A results message: every item a named `tool-result` and (Gemini) named after the call it
 * answers. Valid, it answers the call turn right before it, each call once.
 */
function resultsShape(
  items: readonly unknown[],
  previous: CheckedMessage | undefined,
  profile: ProviderProfile,
): boolean | undefined {
  for (const item of items as readonly CheckedItem[])
    if (item.type !== 'tool-result' || typeof item.name !== 'string') return undefined;
  if (!profile.resultNamesMatchCalls) return true;
  // Results usually come in call order: each is compared with the next call, and the names are
  // gathered by id only once one comes out of order.
  const calls = (previous?.items ?? []) as readonly CheckedItem[];
  let next = 0;
  let names: Map<unknown, unknown> | undefined;
  for (const item of items as readonly CheckedItem[]) {
    while (next < calls.length && calls[next]?.type !== 'tool') next++;
    const call = calls[next];
    if (names === undefined && call !== undefined && call.callId === item.callId) {
      if (call.name !== item.name) return false;
      next++;
    } else {
      names ??= namesById(calls);
      if (names.get(item.callId) !== item.name) return false;
    }
  }
  return true;
}

function namesById(calls: readonly CheckedItem[]): Map<unknown, unknown> {
  const names = new Map<unknown, unknown>();
  for (const item of calls) if (item.type === 'tool') names.set(item.callId, item.name);
  return names;
}
