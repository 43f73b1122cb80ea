import type { HistoryInspection } from '../core/history-inspection.js';
import type { MessageFormat } from '../core/format.js';
import { adapterFor } from '../formats/index.js';

/** Runs the validator of `format`, returning its result and the turn table it read. */
export function inspectHistory(
  messages: readonly unknown[],
  format: MessageFormat,
): HistoryInspection {
  return adapterFor(format).inspect(messages);
}
