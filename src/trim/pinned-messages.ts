import type { MessageFormat } from '../core/format.js';
import { readWindow } from './read-window.js';

/** What the caller asked to keep whatever the budget. */
export interface PinRequest {
  readonly system: boolean;
  readonly firstUserMessage: boolean;
}

// Every format names its system and instruction messages by a `role` of 'system' or 'developer'
// (Anthropic and Gemini hold the system prompt outside the messages and have none).
const SYSTEM_ROLES: ReadonlySet<unknown> = new Set(['system', 'developer']);
// A user turn's role: 'user', or for Gemini also none or the legacy 'function'.
const USER_ROLES: ReadonlySet<unknown> = new Set(['user', undefined, 'function']);

/**
 * Indexes, in order, of the messages trimming keeps wherever they are: system and instruction
 * messages, and the first user message that is only the user's (an Anthropic or Gemini user turn
 * that also carries tool results belongs with its call turn and is never pinned alone).
 *
 * One look at each message's `role`; only the messages whose role can make them pinned are read
 * with the format's reader, which decides.
 */
export function findPinnedMessages(
  messages: readonly unknown[],
  format: MessageFormat,
  request: PinRequest,
): number[] {
  const pinned: number[] = [];
  const firstUser = request.firstUserMessage ? findFirstUser(messages, format) : undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    // Not an object: no format has such messages; the reader says so, naming the index.
    if (typeof message !== 'object' || message === null) readWindow(messages, format, 0, index + 1);
    if (index === firstUser) pinned.push(index);
    else if (
      request.system &&
      SYSTEM_ROLES.has((message as { readonly role?: unknown }).role) &&
      readWindow(messages, format, index, index + 1).some((read) => read.role === 'system')
    )
      pinned.push(index);
  }
  return pinned;
}

const FIRST_CHUNK = 16;

/** Reads from the front, in growing chunks, until the first message that is only the user's. */
function findFirstUser(messages: readonly unknown[], format: MessageFormat): number | undefined {
  for (let start = 0, size = FIRST_CHUNK; start < messages.length; start += size, size *= 2) {
    const end = Math.min(messages.length, start + size);
    let candidate = -1;
    for (let index = start; index < end && candidate === -1; index++) {
      const message = messages[index];
      if (typeof message !== 'object' || message === null) candidate = index;
      else if (USER_ROLES.has((message as { readonly role?: unknown }).role)) candidate = index;
    }
    if (candidate === -1) continue;
    const users = new Set<number>();
    const carriesResults = new Set<number>();
    for (const read of readWindow(messages, format, candidate, end)) {
      if (read.sourceIndex === undefined) continue;
      if (read.role === 'user') users.add(read.sourceIndex + candidate);
      if (read.role === 'tool') carriesResults.add(read.sourceIndex + candidate);
    }
    for (let index = candidate; index < end; index++)
      if (users.has(index) && !carriesResults.has(index)) return index;
  }
  return undefined;
}
