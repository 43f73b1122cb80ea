import type { LangMessages } from 'aiwrapper';
import type { ProviderFormat } from '../core/format.js';
import { repairCollection, type RepairLangMessagesResult } from './repair-lang-messages.js';
import { seenToolCall } from './seen-tool-calls.js';

/** The `meta` key that marks an assistant turn this package synthesized. */
export const SYNTHESIZED_META_KEY = 'synthesizedToolCalls';

/**
 * The `autoAssistantToolCalls` pass: {@link repairLangMessages} with the preset
 * `add-missing-calls` for `provider` (whose pairing scope it takes: the Responses API pairs across
 * the conversation). Results at or before `coveredThrough` are covered by a Responses
 * `previous_response_id` and left alone. A synthesized call takes the arguments of the call this
 * package saw with its id and name (through the helpers or earlier responses), else of an earlier
 * turn, else `{}`; its turn carries `meta.synthesizedToolCalls = true`. One linear pass; changes
 * the collection in place.
 *
 * A valid collection needs no call synthesized, whatever the provider: a result its turn answers
 * is answered across the conversation too. So `checkCollection` decides first with the lean pass
 * of `isValidLangHistory` (a fraction of the validator's cost, the first request included; on a
 * collection sent again, only what changed); only a collection it does not find valid goes
 * through the validator and the repair.
 */
export function synthesizeCallTurns(
  collection: LangMessages,
  provider: ProviderFormat,
  coveredThrough: number,
): RepairLangMessagesResult {
  return repairCollection(collection, {
    provider,
    preset: 'add-missing-calls',
    incremental: true,
    leaveThrough: coveredThrough,
    lookupCall: (callId, name) => seenToolCall(collection, callId, name),
    markTurn: { aiwrapper: { meta: { [SYNTHESIZED_META_KEY]: true } } },
  });
}
