import type { MessageFormat } from '../core/format.js';
import type { RuleContext } from '../core/rule-context.js';
import { adapterFor } from '../formats/index.js';
import type { HistoryFix } from './history-fix.js';
import type { RepairHistoryResult } from './repair-history.js';

/**
 * Runs the format's own wire repair (its adapter's `repairWire`: reasoning rules the neutral model
 * does not see) on what the neutral repair returned, and adds its fixes and warnings. Messages it
 * does not change stay the objects they were, so untouched input messages are still the input's.
 */
export function repairWireRules<T>(
  input: readonly unknown[],
  repaired: RepairHistoryResult<T>,
  format: MessageFormat,
  context: RuleContext,
): RepairHistoryResult<T> {
  const repairWire = adapterFor(format).repairWire;
  if (repairWire === undefined) return repaired;
  let indexes: Map<unknown, number> | undefined;
  const inputIndexOf = (message: unknown): number => {
    indexes ??= new Map(input.map((entry, index) => [entry, index]));
    return indexes.get(message) ?? -1;
  };
  const wire = repairWire(repaired.messages as readonly unknown[], context, inputIndexOf);
  if (wire === undefined) return repaired;
  const fixes: HistoryFix[] = [...repaired.fixes, ...wire.fixes];
  return {
    messages: wire.messages as T,
    // In message order; sort is stable, so fixes of one message keep theirs.
    fixes: fixes.sort((a, b) => a.messageIndex - b.messageIndex),
    warnings: [...repaired.warnings, ...wire.warnings],
  };
}
