import type { ValidationResult } from '../errors/history-issue.js';
import type { ToolTurnTable } from './tool-turn-table.js';

/**
 * What a format's validator found, and the history as it read it: one {@link ToolTurnTable}
 * turn per message, in message order. Repair reads the table to find which stretches of a long
 * history need work, without a second pass over it.
 */
export interface HistoryInspection {
  readonly result: ValidationResult;
  readonly table: ToolTurnTable;
}

/**
 * What an inspection is for. `'validate'` fills every field of every issue. `'repair'` may leave
 * out what only people and error bodies read: an issue's `param` (the request field a provider
 * names), and the `message` (`''`) of the issues a validator finds through core's pairing
 * (orphan, misplaced and duplicate results, missing results, repeated call ids), which name the
 * call and where it is. Repair reads codes, places and ids only, and a history where every turn
 * is broken would otherwise make a sentence per call, kept as long as the repair.
 */
export type InspectionUse = 'validate' | 'repair';

/** Whether issues found for `use` are worded (see {@link InspectionUse}). */
export function wordsIssues(use: InspectionUse): boolean {
  return use === 'validate';
}
