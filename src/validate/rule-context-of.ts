import type { RuleContext } from '../core/rule-context.js';
import { NO_RULE_CONTEXT } from '../core/rule-context.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { describeType } from '../core/input-guards.js';

/** The rule context fields of validate and repair options, checked at the boundary. */
export interface RuleContextOptions {
  readonly model?: string | undefined;
  readonly thinking?: boolean | undefined;
}

/**
 * Reads `model` and `thinking` off public options into a {@link RuleContext}.
 *
 * @throws {ToolHistoryError} `invalid-input` when `model` is not a string or `thinking` not a boolean.
 */
export function ruleContextOf(options: RuleContextOptions): RuleContext {
  const { model, thinking } = options;
  if (model === undefined && thinking === undefined) return NO_RULE_CONTEXT;
  if (model !== undefined && typeof model !== 'string')
    throw new ToolHistoryError(
      'invalid-input',
      `The model option must be a string (e.g. 'gemini-3-pro-preview'), but got ${describeType(model)}.`,
    );
  if (thinking !== undefined && typeof thinking !== 'boolean')
    throw new ToolHistoryError(
      'invalid-input',
      `The thinking option must be a boolean, but got ${describeType(thinking)}.`,
    );
  return { model, thinking };
}
