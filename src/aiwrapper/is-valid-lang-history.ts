// Above this many calls in one assistant message, repeated call ids are found with a set, not a scan.
const SCAN_LIMIT = 16;

/**
 * True when `validateHistory(messages, { format: 'aiwrapper' })` would find the history valid:
 * every message is a `LangMessage` of aiwrapper's shape, every call id is a non-empty string
 * used once in its assistant message, and the `tool-results` messages right after each assistant
 * message answer each of its calls once, and nothing else. False for anything else, a message of
 * another shape included: the full validator then says what and where.
 *
 * The verdict of the full validator, in one pass that builds no turn table and no issue objects
 * and allocates nothing for the usual turn (results in call order): `chat()` runs it on every
 * request, where the full pass costs several percent of aiwrapper's own request build. A property
 * test holds the two to the same verdict.
 *
 * `acceptsCall`, when given, sees every call id (non-empty) once, in order, and a `false` from it
 * makes the verdict `false`: a provider's id rules checked in the same pass.
 */
export function isValidLangHistory(
  messages: readonly unknown[],
  acceptsCall?: (callId: string) => boolean,
): boolean {
  if (!Array.isArray(messages)) return false;
  const length = messages.length;
  // The open call turn: its items, its call count, and how far its results have come.
  let calls: readonly unknown[] | undefined;
  let callCount = 0;
  let answered = 0;
  // Calls of a turn of more than SCAN_LIMIT calls answered in order up to this item; past it (or
  // past the first result out of order, in any turn), `pending` holds the rest.
  let cursor = 0;
  let pending: Set<string> | undefined;
  for (let index = 0; index < length; index++) {
    const message: unknown = messages[index];
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
    const { role, items } = message as { readonly role?: unknown; readonly items?: unknown };
    if (!Array.isArray(items)) return false;
    if (role === 'tool-results') {
      for (const item of items as readonly unknown[]) {
        const type = typeOf(item);
        if (type === undefined) return false;
        if (type !== 'tool-result') continue;
        const callId = (item as { readonly callId?: unknown }).callId;
        if (typeof callId !== 'string' || calls === undefined) return false;
        if (pending === undefined && callCount <= SCAN_LIMIT) {
          // The turn's ids were kept as it was read: the next one in call order is `answered`.
          if (turnIds[answered] === callId && answered < callCount) {
            answered++;
            continue;
          }
          pending = new Set(turnIds.slice(answered, callCount));
        } else if (pending === undefined) {
          cursor = nextCall(calls, cursor);
          if (callIdAt(calls, cursor) === callId) {
            cursor++;
            answered++;
            continue;
          }
          pending = callIdsFrom(calls, cursor);
        }
        if (!pending.delete(callId)) return false;
        answered++;
      }
      continue;
    }
    if (answered !== callCount) return false;
    if (role === 'user') {
      if (!allTyped(items)) return false;
      calls = undefined;
      callCount = 0;
    } else if (role === 'assistant') {
      callCount = countCalls(items, acceptsCall);
      if (callCount < 0) return false;
      calls = items;
    } else return false;
    answered = 0;
    cursor = 0;
    pending = undefined;
  }
  return answered === callCount;
}

/** An item's `type`, or `undefined` when it is not an object with a string `type`. */
function typeOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const type = (item as { readonly type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

function allTyped(items: readonly unknown[]): boolean {
  for (const item of items) if (typeOf(item) === undefined) return false;
  return true;
}

// The call ids of the open turn, when it has at most SCAN_LIMIT calls: compared pairwise and
// matched with its results here, its items are read once. Reused, so the usual turn allocates
// nothing.
const turnIds: string[] = [];

/**
 * The number of `tool` items, or -1 when an item is malformed, a call id empty or repeated, or
 * refused by `acceptsCall`.
 */
function countCalls(
  items: readonly unknown[],
  acceptsCall: ((callId: string) => boolean) | undefined,
): number {
  let count = 0;
  for (const item of items) {
    const type = typeOf(item);
    if (type === undefined) return -1;
    if (type !== 'tool') continue;
    const callId = (item as { readonly callId?: unknown }).callId;
    if (typeof callId !== 'string' || callId === '') return -1;
    if (acceptsCall !== undefined && !acceptsCall(callId)) return -1;
    if (count < SCAN_LIMIT) turnIds[count] = callId;
    count++;
  }
  if (count > SCAN_LIMIT) return callIdsFrom(items, 0).size === count ? count : -1;
  for (let index = 1; index < count; index++) {
    const callId = turnIds[index];
    for (let earlier = 0; earlier < index; earlier++) if (turnIds[earlier] === callId) return -1;
  }
  return count;
}

/** The id of `items[index]` when it is a call (checked by {@link countCalls}), else `undefined`. */
function callIdAt(items: readonly unknown[], index: number): string | undefined {
  const item = items[index] as { readonly type?: unknown; readonly callId?: unknown } | undefined;
  return item?.type === 'tool' ? (item.callId as string) : undefined;
}

/** The index of the first call at or after `from`, or `items.length`. */
function nextCall(items: readonly unknown[], from: number): number {
  let index = from;
  while (index < items.length && callIdAt(items, index) === undefined) index++;
  return index;
}

/** The ids of the calls at or after `from`. */
function callIdsFrom(items: readonly unknown[], from: number): Set<string> {
  const ids = new Set<string>();
  for (let index = from; index < items.length; index++) {
    const callId = callIdAt(items, index);
    if (callId !== undefined) ids.add(callId);
  }
  return ids;
}
