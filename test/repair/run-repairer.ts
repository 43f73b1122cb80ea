import type { MessageFormat } from '../../src/core/format.js';
import type { ToolHistory } from '../../src/core/history.js';
import type { ChatHostName } from '../../src/formats/index.js';
import { HistoryRepairer } from '../../src/repair/history-repairer.js';
import { resolveProfile } from '../../src/repair/repair-history.js';
import { resolvePolicy, type RepairPolicy } from '../../src/repair/repair-policy.js';

/** The one repairer on a neutral history, for a profile by name. */
export const repairToolHistory = (
  history: ToolHistory,
  options: { profile?: MessageFormat | ChatHostName; policy?: RepairPolicy } = {},
): ReturnType<HistoryRepairer['run']> =>
  new HistoryRepairer(
    history,
    resolveProfile(options.profile),
    resolvePolicy(options.policy),
  ).run();
