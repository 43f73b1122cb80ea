import type { MessageFormat } from '../core/format.js';
import type { ToolHistory } from '../core/history.js';
import { pairFlatTurnEntries, RESULTS_ENTRY } from '../core/pair-tool-turns.js';
import { isToolHistoryError } from '../errors/tool-history-error.js';
import { adapterFor } from '../formats/index.js';
import { inspectHistory } from '../validate/validate-history.js';

const UNKNOWN = 0;
const ALLOWED = 1;
const FORBIDDEN = 2;
const FIRST_CHUNK = 16;
const LARGEST_CHUNK = 4096;

/**
 * Where a history may be cut (at a message that is not results, with no call before it answered
 * after it), reading only around the cuts asked about.
 */
export class CutFinder {
  readonly #messages: readonly unknown[];
  readonly #format: MessageFormat;
  readonly #states: Uint8Array;
  /** Per cut, the calls before it answered at or after it (conversation scope only). */
  #open: Int32Array | undefined;
  #chunk = FIRST_CHUNK;

  constructor(messages: readonly unknown[], format: MessageFormat) {
    this.#messages = messages;
    this.#format = format;
    this.#states = new Uint8Array(messages.length + 1);
  }

  /** True when the kept suffix may start at `cut`. */
  isAllowed(cut: number): boolean {
    if (cut <= 0 || cut >= this.#messages.length) return true;
    if (this.#states[cut] === UNKNOWN) this.#fill(cut, cut + this.#grow());
    return this.#states[cut] === ALLOWED;
  }

  /** The first allowed cut in `[from, to]`; `to` when there is none before it. */
  nextAllowed(from: number, to: number): number {
    for (let cut = from; cut < to; cut++) {
      if (this.#states[cut] === UNKNOWN && cut > 0)
        this.#fill(cut, Math.min(to, cut + this.#grow()));
      if (this.isAllowed(cut)) return cut;
    }
    return to;
  }

  /** The last allowed cut before `before` (the start of the group that ends there), or 0. */
  previousAllowed(before: number): number {
    for (let cut = before - 1; cut > 0; cut--) {
      if (this.#states[cut] === UNKNOWN) this.#fill(Math.max(1, cut + 1 - this.#grow()), cut + 1);
      if (this.isAllowed(cut)) return cut;
    }
    return 0;
  }

  /** Chunks double as a scan goes on: reading costs at most about twice what it passes. */
  #grow(): number {
    const size = this.#chunk;
    this.#chunk = Math.min(LARGEST_CHUNK, size * 2);
    return size;
  }

  /** Decides every cut in `[from, to)`, reading `messages[from - 1 .. to)`. */
  #fill(from: number, to: number): void {
    const length = this.#messages.length;
    const end = Math.min(length, to);
    const start = Math.max(0, from - 1);
    const starts = new Uint8Array(end - from);
    // Where consecutive assistant messages merge into one turn, no cut falls between them.
    const merges = adapterFor(this.#format).mergesConsecutiveTurns === true;
    let previous = -1;
    let previousRole = '';
    for (const message of readWindow(this.#messages, this.#format, start, end)) {
      if (message.sourceIndex === undefined) continue;
      const source = message.sourceIndex + start;
      const inside =
        message.role === 'tool' ||
        (merges && message.role === 'assistant' && previousRole === 'assistant');
      if (source !== previous && source >= from)
        starts[source - from] = inside ? FORBIDDEN : ALLOWED;
      previous = source;
      previousRole = message.role;
    }
    const open = this.#openAcross();
    for (let cut = from; cut < end; cut++) {
      const state = starts[cut - from] === ALLOWED && (open?.[cut] ?? 0) === 0;
      this.#states[cut] = state ? ALLOWED : FORBIDDEN;
    }
  }

  /** Conversation scope: how many calls each cut would separate from their results. */
  #openAcross(): Int32Array | undefined {
    if (this.#open !== undefined) return this.#open;
    const adapter = adapterFor(this.#format);
    if (adapter.profile.scope === 'turn') return undefined;
    const messages = this.#messages;
    const { table } = readingWhole(messages, this.#format, () =>
      inspectHistory(messages, this.#format),
    );
    const match = table.pairing?.match ?? pairFlatTurnEntries(table, 'conversation').match;
    // Difference array: a call answered later forbids every cut in (call, result].
    const open = new Int32Array(messages.length + 2);
    for (let slot = 0; slot < match.length; slot++) {
      const call = match[slot] ?? -1;
      if (call === -1 || table.kinds[table.siteTurns[slot] ?? 0] !== RESULTS_ENTRY) continue;
      const callAt = table.messageIndexOf(call);
      const resultAt = table.messageIndexOf(slot);
      if (callAt === resultAt) continue;
      open[Math.min(callAt, resultAt) + 1] = (open[Math.min(callAt, resultAt) + 1] ?? 0) + 1;
      open[Math.max(callAt, resultAt) + 1] = (open[Math.max(callAt, resultAt) + 1] ?? 0) - 1;
    }
    this.#open = runningSum(open);
    return this.#open;
  }
}

/** Turns a difference array into its running sums, in place. */
function runningSum(open: Int32Array): Int32Array {
  for (let cut = 1; cut < open.length; cut++) open[cut] = (open[cut] ?? 0) + (open[cut - 1] ?? 0);
  return open;
}

/** Runs `read`; on a message not of the format, reads the whole history so the error names the first. */
export function readingWhole<R>(
  messages: readonly unknown[],
  format: MessageFormat,
  read: () => R,
): R {
  try {
    return read();
  } catch (error) {
    if (isToolHistoryError(error) && error.code === 'invalid-input')
      adapterFor(format).read(messages);
    throw error;
  }
}

/** Reads `messages[start..end)` into the neutral model (`sourceIndex` relative to `start`). */
export function readWindow(
  messages: readonly unknown[],
  format: MessageFormat,
  start: number,
  end: number,
): ToolHistory {
  // A plain array: `slice` on an Array subclass (aiwrapper's LangMessages) would construct one.
  const window: unknown[] = [];
  for (let index = start; index < end; index++) window.push(messages[index]);
  return readingWhole(messages, format, () => adapterFor(format).read(window).messages);
}

// System and instruction roles in every format (Anthropic and Gemini keep the system prompt apart).
const SYSTEM_ROLES: ReadonlySet<unknown> = new Set(['system', 'developer']);
// A user turn's role: 'user', or for Gemini also none or the legacy 'function'.
const USER_ROLES: ReadonlySet<unknown> = new Set(['user', undefined, 'function']);
const NOT_AN_OBJECT = Symbol('not an object');

/** Indexes of the messages kept wherever they are: system ones, and maybe the first user message. */
export function findPinnedMessages(
  messages: readonly unknown[],
  format: MessageFormat,
  request: { readonly system: boolean; readonly firstUserMessage: boolean },
): number[] {
  const pinned: number[] = [];
  let findUser = request.firstUserMessage;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    const role =
      typeof message === 'object' && message !== null
        ? (message as { readonly role?: unknown }).role
        : NOT_AN_OBJECT;
    const maybeUser = findUser && USER_ROLES.has(role);
    const maybeSystem = request.system && SYSTEM_ROLES.has(role);
    // Not an object: the reader throws, naming the index.
    if (!maybeUser && !maybeSystem && role !== NOT_AN_OBJECT) continue;
    const read = readWindow(messages, format, index, index + 1);
    if (
      maybeUser &&
      read.some((item) => item.role === 'user') &&
      !read.some((item) => item.role === 'tool')
    ) {
      pinned.push(index);
      findUser = false;
    } else if (maybeSystem && read.some((item) => item.role === 'system')) pinned.push(index);
  }
  return pinned;
}
