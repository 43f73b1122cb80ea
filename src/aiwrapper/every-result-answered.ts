// Above this many items in a call turn whose results come out of call order, the calls left are
// counted in a map rather than scanned for each result.
const SCAN_LIMIT = 64;

/**
 * True when no result in aiwrapper messages lacks its call turn, so that the `add-missing-calls`
 * preset (the `autoAssistantToolCalls` pass) would change nothing: every `tool-result` item of a
 * `tool-results` message answers a call of the assistant message right before its run of results
 * messages, each call answered at most once (a repeated id answers as many calls as share it). A
 * result answered in its turn is answered across the conversation too (the Responses API's
 * scope): a call left open in an earlier turn only adds a candidate.
 *
 * False when a result may lack its call, and also when a message or item this reads is not of
 * aiwrapper's shape (a role other than `user`, `assistant` and `tool-results`, a results message
 * with an item other than a `tool-result`, a call or result id that is not a non-empty string):
 * then the caller's full pass decides and says what is wrong. Results of a run of results
 * messages that ends at or before `leaveThrough` may lack their call (a Responses
 * `previous_response_id` covers them; the repair leaves such a run alone).
 *
 * One walk that reads each message's role, and the items of results messages and of the
 * assistant message each run of them follows; it reads nothing else (user messages, answers,
 * arguments, results' content), checks no other rule and allocates nothing when results come in
 * call order. `chat()` runs it on every request with `autoAssistantToolCalls`, where it costs a
 * small fraction of aiwrapper's own request build; a property test holds it to the verdict of the
 * pairing the repair runs.
 */
export function everyResultAnswered(messages: readonly unknown[], leaveThrough = -1): boolean {
  const verdict = walk(messages, leaveThrough);
  // Nothing of this collection is held past the call.
  left = undefined;
  return verdict;
}

interface WireMessage {
  readonly role?: unknown;
  readonly items?: unknown;
}

interface WireItem {
  readonly type?: unknown;
  readonly callId?: unknown;
}

// Which calls of the open turn results answered out of call order: `stamps[position] === stamp`.
// Shared and stamped anew per turn, so no turn allocates or clears one.
const stamps: number[] = [];
let nextStamp = 0;
// Past SCAN_LIMIT calls, out of order: how many calls of each id are left, for the turn `leftFor`.
let left: Map<string, number> | undefined;
let leftFor = -1;

function walk(messages: readonly unknown[], leaveThrough: number): boolean {
  const length = messages.length;
  // The items of the assistant message the run of results follows (`undefined` after any other
  // message); in call order, every call before `cursor` is answered. Once a result comes out of
  // call order, `stamp` is set and the calls answered from the cursor on are stamped.
  let turn: unknown;
  let cursor = 0;
  let stamp = -1;
  // Whether the run of results messages this one belongs to is covered: the repair leaves a run
  // alone only when it ends at or before `leaveThrough`.
  let covered: boolean | undefined;
  for (let index = 0; index < length; index++) {
    const message = messages[index] as WireMessage | null | undefined;
    if (message === null || message === undefined) return false;
    const role = message.role;
    if (role !== 'tool-results') {
      if (role === 'assistant') turn = message.items;
      else if (role === 'user') turn = undefined;
      else return false;
      cursor = 0;
      stamp = -1;
      covered = undefined;
      continue;
    }
    covered ??= index <= leaveThrough && runEnd(messages, index) <= leaveThrough;
    const items = message.items;
    if (!Array.isArray(items)) return false;
    const calls = Array.isArray(turn) ? (turn as readonly unknown[]) : undefined;
    for (const item of items as readonly unknown[]) {
      const result = item as WireItem | null | undefined;
      const callId = result?.callId;
      if (result?.type !== 'tool-result' || typeof callId !== 'string' || callId === '')
        return false;
      if (calls === undefined) {
        if (!covered) return false;
        continue;
      }
      if (stamp === -1) {
        // The usual turn: the next item is the call this result answers.
        const next = calls[cursor] as WireItem | null | undefined;
        if (next?.type === 'tool' && next.callId === callId) {
          cursor++;
          continue;
        }
        const at = nextCall(calls, cursor);
        if (at === -1) return false;
        if (at < calls.length && (calls[at] as WireItem).callId === callId) {
          cursor = at + 1;
          continue;
        }
        cursor = at;
        stamp = nextStamp++;
      }
      if (!takeOutOfOrder(calls, cursor, callId, stamp) && !covered) return false;
    }
  }
  return true;
}

/** The index of the last results message of the run that goes on at `from`. */
function runEnd(messages: readonly unknown[], from: number): number {
  let end = from;
  while ((messages[end + 1] as WireMessage | null | undefined)?.role === 'tool-results') end++;
  return end;
}

/**
 * Marks the first call with `callId` at or after `from` not yet answered, for a result out of
 * call order; false when none is left.
 */
function takeOutOfOrder(
  calls: readonly unknown[],
  from: number,
  callId: string,
  stamp: number,
): boolean {
  if (calls.length - from > SCAN_LIMIT) {
    if (left === undefined || leftFor !== stamp) {
      left = countCalls(calls, from);
      leftFor = stamp;
    }
    const count = left.get(callId) ?? 0;
    if (count === 0) return false;
    left.set(callId, count - 1);
    return true;
  }
  for (let position = from; position < calls.length; position++) {
    const call = calls[position] as WireItem | null | undefined;
    if (call?.type !== 'tool' || call.callId !== callId || stamps[position] === stamp) continue;
    stamps[position] = stamp;
    return true;
  }
  return false;
}

/**
 * The position of the first call at or after `from` (`calls.length` when none is left), or -1 when
 * an item on the way is not a typed item or a call's id is not a non-empty string.
 */
function nextCall(calls: readonly unknown[], from: number): number {
  for (let position = from; position < calls.length; position++) {
    const item = calls[position] as WireItem | null | undefined;
    if (item === null || item === undefined) return -1;
    const type = item.type;
    if (type === 'tool') {
      const callId = item.callId;
      return typeof callId === 'string' && callId !== '' ? position : -1;
    }
    if (typeof type !== 'string') return -1;
  }
  return calls.length;
}

/** How many calls of each id there are from `from` on. */
function countCalls(calls: readonly unknown[], from: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let position = from; position < calls.length; position++) {
    const call = calls[position] as WireItem | null | undefined;
    if (call?.type !== 'tool' || typeof call.callId !== 'string') continue;
    counts.set(call.callId, (counts.get(call.callId) ?? 0) + 1);
  }
  return counts;
}
