import { ToolHistoryError } from '../errors/tool-history-error.js';

/** Marks a branch the type system proves unreachable; throws if it is reached anyway. */
export function assertNever(value: never, context: string): never {
  throw new ToolHistoryError('unreachable', `Unhandled ${context}: ${JSON.stringify(value)}`);
}
