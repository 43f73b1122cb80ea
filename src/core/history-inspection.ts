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
