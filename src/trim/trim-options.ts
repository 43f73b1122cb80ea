import { z } from 'zod';
import { ToolHistoryError } from '../errors/tool-history-error.js';

// NaN compares false with every count, so `maxTokens: NaN` kept everything without a word.
const optionsSchema = z
  .object({
    maxMessages: z.number().int().nonnegative().optional(),
    maxTokens: z.number().nonnegative().optional(),
    countTokens: z
      .custom<(message: never) => number>((value) => typeof value === 'function', {
        message: 'must be a function',
      })
      .optional(),
  })
  .optional();

/**
 * Checks the budget options of `trimHistory` where they are passed.
 * @throws {ToolHistoryError} `invalid-input` naming the option.
 */
export function checkTrimOptions(options: unknown): void {
  const parsed = optionsSchema.safeParse(options);
  if (parsed.success) return;
  const detail = parsed.error.issues
    .map((issue) => `trimHistory options.${issue.path.map(String).join('.')}: ${issue.message}`)
    .join('; ');
  throw new ToolHistoryError(
    'invalid-input',
    `${detail}. maxMessages is a whole number and maxTokens a number, both 0 or more.`,
    { cause: parsed.error },
  );
}
