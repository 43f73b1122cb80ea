import { Lang, MockOpenAILikeLang, MockResponseStreamLang, type LanguageProvider } from 'aiwrapper';
import type { ProviderFormat } from '../core/format.js';

// Reached through aiwrapper's public factories, so no internal file path is relied on. No model
// named: each factory's default model is in aimodels' database, so nothing is logged.
const probe = { apiKey: 'probe' };
const factories: readonly (readonly [() => object, ProviderFormat])[] = [
  [() => Lang.openai(probe), 'openai-responses'],
  [() => Lang.openaiLike({ ...probe, model: 'probe', baseURL: 'http://127.0.0.1' }), 'openai-chat'],
  [() => Lang.anthropic(probe), 'anthropic'],
  [() => Lang.google(probe), 'gemini'],
  [() => Lang.ollama({ model: 'probe' }), 'openai-chat'],
  [() => Lang.cohere(probe), 'openai-chat'],
  [() => new MockOpenAILikeLang(), 'openai-chat'],
  [() => new MockResponseStreamLang(), 'openai-chat'],
];

type Prototype = Record<PropertyKey, unknown>;

/** The prototype chain of what `create` returns, up to `Object.prototype`; empty if it throws. */
function chainOf(create: () => object): Prototype[] {
  const chain: Prototype[] = [];
  let prototype: unknown;
  try {
    prototype = Object.getPrototypeOf(create());
  } catch {
    return chain;
  }
  while (typeof prototype === 'object' && prototype !== null && prototype !== Object.prototype) {
    chain.push(prototype as Prototype);
    prototype = Object.getPrototypeOf(prototype);
  }
  return chain;
}

/** A prototype that defines an aiwrapper provider's `chat`, and the wire format it speaks. */
interface ProviderPrototype {
  readonly prototype: Prototype;
  readonly format: ProviderFormat;
}

let known: readonly ProviderPrototype[] | undefined;

/** Every prototype that defines `chat` (OpenAI-compatible providers share the Chat Completions one). */
function providerPrototypes(): readonly ProviderPrototype[] {
  if (known !== undefined) return known;
  const found: ProviderPrototype[] = [];
  for (const [create, format] of factories)
    for (const prototype of chainOf(create))
      if (Object.hasOwn(prototype, 'chat') && !found.some((entry) => entry.prototype === prototype))
        found.push({ prototype, format });
  return (known = found);
}

/** Mistral's stricter Chat Completions rules, told by the endpoint in `_config`. */
export function formatOf(provider: LanguageProvider, format: ProviderFormat): ProviderFormat {
  if (format !== 'openai-chat') return format;
  const baseURL = (provider as unknown as { _config?: { baseURL?: unknown } })._config?.baseURL;
  return typeof baseURL === 'string' && /^https:\/\/api\.mistral\.ai(\/|$)/.test(baseURL)
    ? 'mistral'
    : format;
}

/** The wire format `lang` speaks, or `undefined` for a provider this package does not know. */
export function formatOfLang(lang: LanguageProvider): ProviderFormat | undefined {
  let prototype: unknown = Object.getPrototypeOf(lang);
  while (typeof prototype === 'object' && prototype !== null) {
    const entry = providerPrototypes().find((candidate) => candidate.prototype === prototype);
    if (entry !== undefined) return formatOf(lang, entry.format);
    prototype = Object.getPrototypeOf(prototype);
  }
  return undefined;
}

/** Defines a method non-enumerable, as aiwrapper's own methods are. */
export function defineMethod(prototype: object, name: string, value: unknown): void {
  Object.defineProperty(prototype, name, {
    value,
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

type Method = (this: unknown, ...parameters: unknown[]) => unknown;

// Symbol.for: a second copy of this package sees the first one's wrappers.
const INNER = Symbol.for('aiwrapper-tool-calls.inner-chat');

/**
 * Replaces `name` on every provider prototype defining it (of `format` only, if given) with
 * `make(original, format)`, unless a layer of it already carries `marker`.
 */
export function patchMethod(
  name: string,
  marker: symbol,
  make: (original: Method, format: ProviderFormat) => Method,
  only?: ProviderFormat,
): void {
  for (const { prototype, format } of providerPrototypes()) {
    const original = prototype[name];
    if (!Object.hasOwn(prototype, name) || (only !== undefined && format !== only)) continue;
    let layer: unknown = original;
    while (
      typeof layer === 'function' &&
      (layer as unknown as Record<symbol, unknown>)[marker] !== true
    )
      layer = (layer as unknown as Record<symbol, unknown>)[INNER];
    if (typeof layer === 'function' || typeof original !== 'function') continue;
    const patched = make(original as Method, format);
    Object.defineProperty(patched, marker, { value: true });
    Object.defineProperty(patched, INNER, { value: original });
    defineMethod(prototype, name, patched);
  }
}
