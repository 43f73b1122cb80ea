import type { RuleContext } from '../core/rule-context.js';
import { NO_RULE_CONTEXT } from '../core/rule-context.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { describeType } from '../core/input-guards.js';
import { isChatHostName } from '../formats/index.js';

/** The rule context fields of validate and repair options, checked at the boundary. */
export interface RuleContextOptions {
  readonly model?: string | undefined;
  readonly thinking?: boolean | undefined;
  /** A host name (`'deepseek'`) becomes the context's `host`; anything else is not read here. */
  readonly provider?: unknown;
}

/**
 * Reads `model`, `thinking` and a host named by `provider` off public options into a
 * {@link RuleContext}. OpenAI, the Chat format's own provider, is no host of its own: the
 * context then names none, so results for the defaults are shared.
 *
 * @throws {ToolHistoryError} `invalid-input` when `model` is not a string or `thinking` not a boolean.
 */
export function ruleContextOf(options: RuleContextOptions): RuleContext {
  const { model, thinking, provider } = options;
  const host = isChatHostName(provider) && provider !== 'openai' ? provider : undefined;
  if (model === undefined && thinking === undefined && host === undefined) return NO_RULE_CONTEXT;
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
  return { model, thinking, host };
}
