/** The provider origins aiwrapper 3 calls (DeepSeek's reach Chat Completions, OpenAI's rules). */
const PROVIDER_ORIGINS: readonly string[] = [
  'https://api.openai.com',
  'https://api.anthropic.com',
  'https://generativelanguage.googleapis.com',
  'https://api.mistral.ai',
  'https://api.deepseek.com',
];

// Mistral speaks the Chat Completions wire at the same path as OpenAI, under its own rules.
const LOCAL_PREFIX: Readonly<Record<string, string>> = { 'https://api.mistral.ai': '/mistral' };

/**
 * Returns a `fetch`-like request function (what aiwrapper's `setHttpRequestImpl` takes) that
 * sends requests for the OpenAI, Anthropic, Google, Mistral and DeepSeek APIs to the strict
 * server, keeping path and query, and every other request to the network through global `fetch`.
 * `setHttpRequestImpl` is global to the aiwrapper module: put the default back when done
 * (`setHttpRequestImpl((url, options) => fetch(url, options))`).
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
