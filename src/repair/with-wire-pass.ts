import type { ConversionWarning } from '../core/history.js';
import type { MessageFormat, RuleContext } from '../core/format.js';
import type { HistoryIssue } from '../errors/history-issue.js';
import { adapterFor } from '../formats/index.js';
import type { WireRepair } from '../formats/shared/wire-repair.js';
import type { HistoryFix } from './history-fix.js';

/** The result shape of `repairHistory`, as this module needs it. */
interface Repaired<T> {
  readonly messages: T;
  readonly fixes: readonly HistoryFix[];
  readonly warnings: readonly ConversionWarning[];
}

/** True when every issue is one the format's repair leaves as it is (see `WireRepairHooks.leaves`). */
export function leavesAll(format: MessageFormat, issues: readonly HistoryIssue[]): boolean {
  const leaves = adapterFor(format).repairWire?.leaves;
  return leaves !== undefined && issues.every((issue) => leaves.has(issue.code));
}

/** Runs the format's pass after the engine (`repairWire.after`) and adds its fixes and warnings. */
export function wireAfterPass<T>(
  input: readonly unknown[],
  repaired: Repaired<T>,
  format: MessageFormat,
  context: RuleContext,
): Repaired<T> {
  const after = adapterFor(format).repairWire?.after;
  if (after === undefined) return repaired;
  let indexes: Map<unknown, number> | undefined;
  const inputIndexOf = (message: unknown): number => {
    indexes ??= new Map(input.map((entry, index) => [entry, index]));
    return indexes.get(message) ?? -1;
  };
  const wire = after(repaired.messages as readonly unknown[], context, inputIndexOf);
  if (wire === undefined) return repaired;
  const fixes: HistoryFix[] = [...repaired.fixes, ...wire.fixes];
  return {
    messages: wire.messages as T,
    // In message order; sort is stable, so fixes of one message keep theirs.
    fixes: fixes.sort((a, b) => a.messageIndex - b.messageIndex),
    warnings: [...repaired.warnings, ...wire.warnings],
  };
}

/** Joins the wire pass's changes with the engine's, indexes pointing into input and result. */
export function withWirePass<T>(
  input: readonly unknown[],
  wire: WireRepair,
  repaired: Repaired<T>,
): Repaired<T> {
  const output = repaired.messages as readonly unknown[];
  const place = placeIn(wire.messages, output, repaired.fixes);
  const { inputIndexes } = wire;
  const fromInput = (index: number): number =>
    inputIndexes === undefined ? index : (inputIndexes[index] ?? index);
  const engineFixes = repaired.fixes.map((fix): HistoryFix => {
    if (inputIndexes === undefined || !('fromIndex' in fix)) return fix;
    const fromIndex = fromInput(fix.fromIndex);
    // The engine's message cites the place in the pass's output; the caller's array is the input.
    const message = fix.message.replace(`messages[${fix.fromIndex}]`, `messages[${fromIndex}]`);
    return { ...fix, fromIndex, message };
  });
  const wireFixes = wire.fixes.map((fix) => ({ ...fix, messageIndex: place(fix.messageIndex) }));
  const warnings = [
    ...wire.warnings.map((warning) => ({ ...warning, messageIndex: place(warning.messageIndex) })),
    ...repaired.warnings,
  ];
  const messages = wire.fixes.length === 0 && repaired.fixes.length === 0 ? input.slice() : output;
  return {
    messages: messages as T,
    fixes: [...wireFixes, ...engineFixes].sort((a, b) => a.messageIndex - b.messageIndex),
    warnings,
  };
}

/**
 * Where each message of the pass's output landed in the engine's: by identity, else by a fix's
 * `fromIndex`, else counted from the nearest earlier message kept.
 */
function placeIn(
  passed: readonly unknown[],
  output: readonly unknown[],
  engineFixes: readonly HistoryFix[],
): (index: number) => number {
  if (engineFixes.length === 0) return (index) => index;
  const where = new Map<unknown, number>();
  output.forEach((message, index) => where.set(message, index));
  const movedTo = new Map<number, number>();
  for (const fix of engineFixes)
    if ('fromIndex' in fix && typeof fix.fromIndex === 'number' && !movedTo.has(fix.fromIndex))
      movedTo.set(fix.fromIndex, fix.messageIndex);
  return (index) => {
    const kept = where.get(passed[index]);
    if (kept !== undefined) return kept;
    const moved = movedTo.get(index);
    if (moved !== undefined) return moved;
    for (let earlier = index - 1; earlier >= 0; earlier--) {
      const at = where.get(passed[earlier]);
      if (at !== undefined) return at + (index - earlier);
    }
    return index;
  };
}
