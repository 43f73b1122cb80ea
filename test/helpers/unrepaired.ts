import { expect } from 'vitest';
import type { ConversionWarning } from '../../src/core/history.js';
import {
  validateHistory,
  type ValidateHistoryOptions,
} from '../../src/validate/validate-history.js';

/**
 * The warnings of a repair that say it left an issue as it is: a rule of the request no fix can
 * meet without losing content (Mistral refuses a request whose last message is the model's answer).
 */
export function unrepairedWarnings(
  warnings: readonly ConversionWarning[],
): readonly ConversionWarning[] {
  return warnings.filter((warning) => warning.code === 'unrepaired-issue');
}

/**
 * Asserts that a repaired history validates, but for the issues repair said it left: exactly one
 * `unexpected-last-role` issue per `unrepaired-issue` warning, at the same message.
 */
export function expectRepaired(
  repaired: readonly unknown[],
  warnings: readonly ConversionWarning[],
  options: ValidateHistoryOptions,
): void {
  const { issues } = validateHistory(repaired, options);
  expect(issues.map((issue) => [issue.code, issue.messageIndex])).toEqual(
    unrepairedWarnings(warnings).map((warning) => ['unexpected-last-role', warning.messageIndex]),
  );
}
