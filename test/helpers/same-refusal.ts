import { expect } from 'vitest';
import { isToolHistoryError } from '../../src/errors/tool-history-error.js';

/** What `run` threw: its code and message, or `undefined` when it threw nothing. */
function refusalOf(run: () => unknown): { code: string; message: string } | undefined {
  try {
    run();
  } catch (error) {
    if (isToolHistoryError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}

/**
 * Asserts that the validator and the reader refuse `messages` with the same `invalid-input`
 * error, word for word, and that the error is `expected`.
 */
export function expectSameRefusal(
  validate: (messages: readonly unknown[]) => unknown,
  read: (messages: readonly unknown[]) => unknown,
  messages: readonly unknown[],
  expected: string,
): void {
  const refusal = { code: 'invalid-input', message: expected };
  expect(refusalOf(() => validate(messages))).toEqual(refusal);
  expect(refusalOf(() => read(messages))).toEqual(refusal);
}
