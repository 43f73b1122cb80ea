/** The wire formats whose provider rules this package knows. */
export const PROVIDER_FORMATS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
] as const;
/** A provider wire format. */
export type ProviderFormat = (typeof PROVIDER_FORMATS)[number];

/** Provider-neutral formats users hold histories in: aiwrapper `LangMessages` and the Vercel AI SDK `ModelMessage`. */
export const NEUTRAL_FORMATS = ['aiwrapper', 'vercel'] as const;
/** A provider-neutral message format. */
export type NeutralFormat = (typeof NEUTRAL_FORMATS)[number];

/** Every message format this package reads and writes. */
export const MESSAGE_FORMATS: readonly [...typeof PROVIDER_FORMATS, ...typeof NEUTRAL_FORMATS] = [
  ...PROVIDER_FORMATS,
  ...NEUTRAL_FORMATS,
];
/** Any message format this package reads and writes. */
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];
