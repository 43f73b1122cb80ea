/**
 * The `meta` keys written on an assistant turn: `synthesized` (inserted by `autoAssistantToolCalls`),
 * `started` (ids of calls the loop started) and `sentCalls` (`{ [writtenId]: { callId?, name? } }`).
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
