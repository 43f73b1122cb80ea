// The provider origins aiwrapper 3 calls; Mistral's go under `/mistral` (OpenAI's path, its rules).
const PROVIDER_ORIGINS: readonly string[] = [
  'https://api.openai.com',
  'https://api.anthropic.com',
  'https://generativelanguage.googleapis.com',
  'https://api.mistral.ai',
  'https://api.deepseek.com',
];
const LOCAL_PREFIX: Readonly<Record<string, string>> = { 'https://api.mistral.ai': '/mistral' };

/**
 * A request function for aiwrapper's `setHttpRequestImpl` that sends the OpenAI, Anthropic, Google,
 * Mistral and DeepSeek APIs to the strict server and the rest to `fetch`. The setting is global:
 * restore it when done.
 *
 * @example
 * const server = await startStrictServer({ replies: [{ text: 'Hi!' }] });
 * setHttpRequestImpl(routeToStrictServer(server));
 * const result = await Lang.google({ apiKey: 'test', model: 'gemini-2.5-flash' }).ask('Hello');
 */
export function routeToStrictServer(server: {
  readonly url: string;
}): (url: string | URL, options: object) => Promise<Response> {
  return (url, options) => {
    const target = new URL(url);
    const local = PROVIDER_ORIGINS.includes(target.origin)
      ? new URL(
          `${LOCAL_PREFIX[target.origin] ?? ''}${target.pathname}${target.search}`,
          server.url,
        )
      : target;
    return globalThis.fetch(local, options);
  };
}
