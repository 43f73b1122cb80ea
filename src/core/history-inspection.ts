import type { ValidationResult } from '../errors/history-issue.js';
import type { ToolTurnTable } from './tool-turn-table.js';

/** What a format's validator found, and the turn table it read (one turn per message). */
export interface HistoryInspection {
  readonly result: ValidationResult;
  readonly table: ToolTurnTable;
}

/**
 * What an inspection is for: `'repair'` may leave out what only people read (an issue's `param`,
 * and the `message` of pairing issues); `'validate'` fills every field.
 */
export type InspectionUse = 'validate' | 'repair';

/** Whether issues found for `use` are worded (see {@link InspectionUse}). */
export function wordsIssues(use: InspectionUse): boolean {
  return use === 'validate';
}
