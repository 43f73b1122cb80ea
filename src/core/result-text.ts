import type { JsonValue } from './history.js';

/**
 * A result's content as the text that formats sending results as text carry (Chat Completions,
 * Responses, Anthropic): a string as it is, anything else as its JSON.
 */
export function resultText(content: JsonValue): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}
