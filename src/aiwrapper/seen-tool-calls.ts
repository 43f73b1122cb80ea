import type { LangMessage } from 'aiwrapper';

/**
 * The ids the user gave the calls of a turn the helpers wrote, where they replaced some (a
 * missing or repeated id), so results the user keys by the ids they hold still find their call.
 */
const givenIds = new WeakMap<LangMessage, readonly (string | undefined)[]>();

/** Records the given ids of a turn's calls. */
export function rememberGivenIds(turn: LangMessage, ids: readonly (string | undefined)[]): void {
  givenIds.set(turn, ids);
}

/** The given ids of a turn's calls, if the helpers wrote it. */
export function givenIdsOf(turn: LangMessage): readonly (string | undefined)[] | undefined {
  return givenIds.get(turn);
}
