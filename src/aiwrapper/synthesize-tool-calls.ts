import type { LangMessages } from 'aiwrapper';
import type { ProviderFormat } from '../core/format.js';
import { everyResultAnswered } from './every-result-answered.js';
import { repairCollection, type RepairLangMessagesResult } from './repair-lang-messages.js';
import { seenToolCall } from './seen-tool-calls.js';
import { META_KEYS } from './meta-keys.js';

/**
 * The `autoAssistantToolCalls` pass: {@link repairLangMessages} with the preset
 * `add-missing-calls` for `provider` (whose pairing scope it takes: the Responses API pairs across
 * the conversation). Results at or before `coveredThrough` are covered by a Responses
 * `previous_response_id` and left alone. A synthesized call takes the arguments of the call this
 * package saw with its id and name (through the helpers or earlier responses), else of an earlier
 * turn, else `{}`; its turn carries `meta.synthesizedToolCalls = true`. One linear pass; changes
 * the collection in place.
 *
 * A collection where every result has its call turn needs nothing synthesized, whatever the
 * provider (a result its turn answers is answered across the conversation too), and nothing else
 * about it matters to this pass: {@link everyResultAnswered} decides that in one lean walk, on
 * a collection's first request; only a collection it does not clear goes through the validator
 * and the repair. A collection sent again is checked incrementally (`checkCollection`).
 */
export function synthesizeCallTurns(
  collection: LangMessages,
  provider: ProviderFormat,
  coveredThrough: number,
): RepairLangMessagesResult {
  if (!sent.has(collection)) {
    sent.add(collection);
    if (everyResultAnswered(collection, coveredThrough)) return NOTHING_SYNTHESIZED;
  }
  return repairCollection(collection, {
    provider,
    preset: 'add-missing-calls',
    incremental: true,
    leaveThrough: coveredThrough,
    lookupCall: (callId, name) => seenToolCall(collection, callId, name),
    markTurn: { aiwrapper: { meta: { [META_KEYS.synthesized]: true } } },
  });
}

/**
 * Collections this pass has seen: sent again (an agent loop), one goes through `checkCollection`,
 * which re-reads only what changed since its last check once it has recorded the collection, where
 * the walk reads every call and result item again (on long histories with many parallel calls, a
 * cache miss each).
 */
const sent = new WeakSet<LangMessages>();

const NOTHING_SYNTHESIZED: RepairLangMessagesResult = Object.freeze({
  fixes: Object.freeze([]),
  warnings: Object.freeze([]),
});
