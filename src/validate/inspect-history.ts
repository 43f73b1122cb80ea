import type { HistoryInspection, InspectionUse } from '../core/history-inspection.js';
import type { MessageFormat } from '../core/format.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../core/rule-context.js';
import { adapterFor } from '../formats/index.js';

/** Runs the validator of `format`, returning its result and the turn table it read (see {@link InspectionUse}). */
export function inspectHistory(
  messages: readonly unknown[],
  format: MessageFormat,
  context: RuleContext = NO_RULE_CONTEXT,
  use: InspectionUse = 'validate',
): HistoryInspection {
  return adapterFor(format).inspect(messages, context, use);
}
