import type { MessageFormat } from '../../core/format.js';
import { isObject } from '../../core/input-guards.js';

// What each format's reader keeps of a model's reasoning, so that a conversion elsewhere says
// `dropped-reasoning`. Here, not per provider folder: ConversionContext reads it, and provider
// folders import formats/shared (importing them back would be a cycle).

interface ReasoningVocabulary {
  /** Opaque parts that are reasoning: by `type`, by a `true` flag field, or by a key present. */
  readonly partTypes?: ReadonlySet<string>;
  readonly partFlag?: string;
  readonly partKeys?: readonly string[];
  /** `providerData` keys that hold reasoning or its signature. */
  readonly dataKeys?: ReadonlySet<string>;
}

const CHAT_REASONING: ReasoningVocabulary = {
  // DeepSeek's thinking mode, and hosts that copy it (Kimi, vLLM, Qwen), on assistant messages.
  dataKeys: new Set(['reasoning_content']),
};

const VOCABULARY: Readonly<Partial<Record<MessageFormat, ReasoningVocabulary>>> = {
  // Extended thinking: `thinking` blocks carry a `signature`, `redacted_thinking` encrypted `data`.
  anthropic: { partTypes: new Set(['thinking', 'redacted_thinking']) },
  // `reasoning` items, with `encrypted_content` when `store` is off.
  'openai-responses': { partTypes: new Set(['reasoning']) },
  // Thought summaries (`thought: true` parts) and the `thoughtSignature` of parts.
  gemini: { partFlag: 'thought', dataKeys: new Set(['thoughtSignature']) },
  'openai-chat': CHAT_REASONING,
  mistral: CHAT_REASONING,
  // The AI SDK's `reasoning` parts; aiwrapper's `reasoning` items (text only, no signature).
  vercel: { partTypes: new Set(['reasoning']) },
  aiwrapper: { partTypes: new Set(['reasoning']) },
  // Converse `reasoningContent` blocks (reasoning text with its signature, or redacted content).
  bedrock: { partKeys: ['reasoningContent'] },
};

/** True when `value`, an opaque part read from `format`, is reasoning. */
export function isReasoningPart(format: MessageFormat, value: unknown): boolean {
  const vocabulary = VOCABULARY[format];
  if (vocabulary === undefined || !isObject(value)) return false;
  if (vocabulary.partFlag !== undefined && value[vocabulary.partFlag] === true) return true;
  if (vocabulary.partKeys?.some((key) => Object.hasOwn(value, key)) === true) return true;
  return typeof value.type === 'string' && vocabulary.partTypes?.has(value.type) === true;
}

/** True when `key` of `format`'s provider data holds reasoning or its signature. */
export function isReasoningKey(format: MessageFormat, key: string): boolean {
  return VOCABULARY[format]?.dataKeys?.has(key) === true;
}
