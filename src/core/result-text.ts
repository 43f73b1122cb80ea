import type { JsonValue } from './history.js';

/** The JSON text of each content made by {@link sharedContent}, made once. */
const texts = new WeakMap<object, string>();

/**
 * Freezes `content` and keeps its JSON text, for one content that many results share (the
 * placeholder of every call of a tool that has no result): {@link resultText} then writes it once,
 * not once per result. Only for an object of primitives, so the freeze covers all of it and the
 * text can never go stale.
 */
export function sharedContent<
  T extends { readonly [K in keyof T]: string | number | boolean | null },
>(content: T): T {
  texts.set(Object.freeze(content), JSON.stringify(content));
  return content;
}

/**
 * A result's content as the text that formats sending results as text carry (Chat Completions,
 * Responses, Anthropic): a string as it is, anything else as its JSON.
 */
export function resultText(content: JsonValue): string {
  if (typeof content === 'string') return content;
  const shared = typeof content === 'object' && content !== null ? texts.get(content) : undefined;
  return shared ?? JSON.stringify(content);
}
