/**
 * The `meta` keys this package writes on an assistant turn:
 * - `synthesized`: `true` on a call turn the `autoAssistantToolCalls` pass inserted;
 * - `started`: the ids of the calls whose start the tool loop recorded, before running each (after
 *   a crash, such a call may have run, which decides whether it runs again);
 * - `sentCalls`: what the tool loop (or a helper) replaced in the calls as sent, by the id it wrote:
 *   `{ [writtenId]: { callId?: sentId, name?: sentName } }` (an empty or reused id, an empty name
 *   the provider refuses).
 */
export const META_KEYS = {
  synthesized: 'synthesizedToolCalls',
  started: 'toolCallsStarted',
  sentCalls: 'toolCallsAsSent',
} as const;

/** The entry `meta[META_KEYS.sentCalls]` of `turn` holds for the call written as `callId`, if any. */
export function sentCallOf(
  turn: { readonly meta?: Readonly<Record<string, unknown>> | undefined },
  callId: string,
): { readonly callId?: unknown; readonly name?: unknown } | undefined {
  const recorded: unknown = turn.meta?.[META_KEYS.sentCalls];
  if (typeof recorded !== 'object' || recorded === null || !Object.hasOwn(recorded, callId))
    return undefined;
  const entry: unknown = (recorded as Readonly<Record<string, unknown>>)[callId];
  return typeof entry === 'object' && entry !== null ? entry : undefined;
}
