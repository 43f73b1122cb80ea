import type { JsonValue } from './history.js';

/** Freezes `content`, a placeholder content that many results share, so no holder can change it. */
export function sharedContent<
  T extends { readonly [K in keyof T]: string | number | boolean | null },
>(content: T): T {
  return Object.freeze(content);
}

/**
 * A result's content as the text that formats sending results as text carry (Chat Completions,
 * Responses, Anthropic): a string as it is, anything else as its JSON.
 */
export function resultText(content: JsonValue): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}
