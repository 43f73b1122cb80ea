import type { LangMessages } from 'aiwrapper';
import type { ProviderFormat } from '../core/format.js';
import { repairCollection, type RepairLangMessagesResult } from './repair-lang-messages.js';
import { META_KEYS } from './meta-keys.js';

/**
 * The `autoAssistantToolCalls` pass: {@link repairLangMessages} with the preset
 * `add-missing-calls` for `provider` (whose pairing scope it takes: the Responses API pairs across
 * the conversation), in place. Results at or before `coveredThrough` are covered by a Responses
 * `previous_response_id` and left alone. A synthesized call takes the arguments of an earlier call
 * with its id and name, else `{}`; its turn carries `meta.synthesizedToolCalls = true`.
 */
export function synthesizeCallTurns(
  collection: LangMessages,
  provider: ProviderFormat,
  coveredThrough: number,
): RepairLangMessagesResult {
  return repairCollection(collection, {
    provider,
    preset: 'add-missing-calls',
    leaveThrough: coveredThrough,
    markTurn: { aiwrapper: { meta: { [META_KEYS.synthesized]: true } } },
  });
}
