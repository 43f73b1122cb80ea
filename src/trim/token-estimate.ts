import { jsonLength } from './json-length.js';

/**
 * Characters per token in the default estimate. OpenAI's rule of thumb for English text is
 * "one token ≈ 4 characters" (https://help.openai.com/en/articles/4936856); JSON punctuation and
 * ids tokenize worse than prose, so the estimate errs on the high side for tool payloads, which
 * is the safe side for a budget.
 */
export const CHARACTERS_PER_TOKEN = 4;

/**
 * Tokens every message costs on top of its content: the role and separators a chat template adds.
 * OpenAI's cookbook counts 3 per message for current models
 * (https://cookbook.openai.com/examples/how_to_count_tokens_with_tiktoken).
 */
export const TOKENS_PER_MESSAGE = 3;

/**
 * The default token counter of `trimHistory`: `ceil(length of the message's JSON / 4) + 3`.
 *
 * An estimate, not a tokenizer: it needs no model and no dependency, counts every field (tool
 * arguments, results, ids) and is stable across formats. Pass your own counter (tiktoken,
 * `@anthropic-ai/tokenizer`, a provider's count-tokens endpoint cached per message) to
 * `trimHistory` when the budget must be exact. A value JSON leaves out (a
 * function, `undefined`) counts as the per-message cost alone.
 *
 * @example
 * estimateTokens({ role: 'user', content: 'What is the weather in Paris?' }); // 15
 */
export function estimateTokens(message: unknown): number {
  // The length of the JSON without writing it: a third cheaper than JSON.stringify on long histories.
  return Math.ceil((jsonLength(message) ?? 0) / CHARACTERS_PER_TOKEN) + TOKENS_PER_MESSAGE;
}
