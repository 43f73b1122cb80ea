import { Lang, MockOpenAILikeLang, MockResponseStreamLang, type LanguageProvider } from 'aiwrapper';
import type { ProviderFormat } from '../core/format.js';

/** A prototype that defines an aiwrapper provider's `chat`, and the format it speaks. */
export interface ProviderPrototype {
  readonly prototype: Record<PropertyKey, unknown>;
  /** The wire format aiwrapper's provider speaks, whose rules its requests must meet. */
  readonly format: ProviderFormat;
}

/**
 * Finds the prototypes that define `chat` through aiwrapper's public factories, so no internal
 * file path is relied on. Every OpenAI-compatible provider (Groq, Mistral, DeepSeek, …) shares
 * the Chat Completions prototype.
 */
export function providerPrototypes(): ProviderPrototype[] {
  // No model named: each factory's default model is in aimodels' database, so nothing is logged.
  const probe = { apiKey: 'probe' };
  const factories: [() => object, ProviderFormat][] = [
    [() => Lang.openai(probe), 'openai-responses'],
    [
      () => Lang.openaiLike({ ...probe, model: 'probe', baseURL: 'http://127.0.0.1' }),
      'openai-chat',
    ],
    [() => Lang.anthropic(probe), 'anthropic'],
    [() => Lang.google(probe), 'gemini'],
    [() => Lang.ollama({ model: 'probe' }), 'openai-chat'],
    [() => Lang.cohere(probe), 'openai-chat'],
    [() => new MockOpenAILikeLang(), 'openai-chat'],
    [() => new MockResponseStreamLang(), 'openai-chat'],
  ];
  const prototypes: ProviderPrototype[] = [];
  for (const [create, format] of factories) {
    let prototype = prototypeOf(create);
    while (typeof prototype === 'object' && prototype !== null && prototype !== Object.prototype) {
      const record = prototype as Record<PropertyKey, unknown>;
      if (Object.hasOwn(record, 'chat') && !prototypes.some((entry) => entry.prototype === record))
        prototypes.push({ prototype: record, format });
      prototype = Object.getPrototypeOf(prototype) as unknown;
    }
  }
  return prototypes;
}

/**
 * Mistral speaks Chat Completions under stricter rules (9-character ids, no user message right
 * after a tool message). `Lang.mistral` and `Lang.openaiLike` pointed at Mistral both keep the
 * endpoint in the instance's config.
 */
export function formatOf(provider: LanguageProvider, format: ProviderFormat): ProviderFormat {
  if (format !== 'openai-chat') return format;
  const baseURL = (provider as unknown as { _config?: { baseURL?: unknown } })._config?.baseURL;
  return typeof baseURL === 'string' && /^https:\/\/api\.mistral\.ai(\/|$)/.test(baseURL)
    ? 'mistral'
    : format;
}

function prototypeOf(create: () => object): unknown {
  try {
    return Object.getPrototypeOf(create()) as unknown;
  } catch {
    return undefined;
  }
}

let known: readonly ProviderPrototype[] | undefined;

/**
 * The wire format `lang` speaks (Mistral's rules for a Chat Completions provider pointed at
 * Mistral), or `undefined` for a provider this package does not know.
 */
export function formatOfLang(lang: LanguageProvider): ProviderFormat | undefined {
  known ??= providerPrototypes();
  let prototype: unknown = Object.getPrototypeOf(lang);
  while (typeof prototype === 'object' && prototype !== null) {
    const entry = known.find((candidate) => candidate.prototype === prototype);
    if (entry !== undefined) return formatOf(lang, entry.format);
    prototype = Object.getPrototypeOf(prototype);
  }
  return undefined;
}
