/**
 * The provider origins aiwrapper 3 calls: Anthropic and Google hard-code theirs; OpenAI's is the
 * default `baseURL` of `Lang.openai` (which can also be pointed at `server.baseURL` directly);
 * Mistral's and DeepSeek's are those of `Lang.mistral` and `Lang.deepseek` (OpenAI-compatible
 * hosts: DeepSeek's requests reach the Chat Completions endpoint, under OpenAI's rules).
 */
export const PROVIDER_ORIGINS: readonly string[] = [
  'https://api.openai.com',
  'https://api.anthropic.com',
  'https://generativelanguage.googleapis.com',
  'https://api.mistral.ai',
  'https://api.deepseek.com',
];

// Mistral speaks the Chat Completions wire at the same path as OpenAI, under its own rules.
const LOCAL_PREFIX: Readonly<Record<string, string>> = { 'https://api.mistral.ai': '/mistral' };

/** A `fetch`-like function, the shape aiwrapper's `setHttpRequestImpl` takes. */
export type HttpRequestImpl = (url: string | URL, options: object) => Promise<Response>;

/**
 * Returns a request function that sends requests for OpenAI, Anthropic and Google to the strict
 * server instead, and every other request to the network unchanged, through global `fetch`.
 *
 * aiwrapper's Anthropic and Google providers call fixed URLs (`https://api.anthropic.com/v1/messages`,
 * `https://generativelanguage.googleapis.com/v1beta/models/…`); this keeps the path and query and
 * swaps the origin for `server.url`. Pass the result to aiwrapper's `setHttpRequestImpl`, which
 * replaces the request function of every provider for the whole module instance, and put the
 * default back when done (`setHttpRequestImpl((url, options) => fetch(url, options))`).
 * aiwrapper's own options (`retries`, `on400Error`, …) are ignored by `fetch`.
 *
 * @example
 * import { Lang, setHttpRequestImpl } from 'aiwrapper';
 * const server = await startStrictServer({ replies: [{ text: 'Hi!' }] });
 * setHttpRequestImpl(routeToStrictServer(server));
 * const result = await Lang.google({ apiKey: 'test', model: 'gemini-2.5-flash' }).ask('Hello');
 */
export function routeToStrictServer(server: { readonly url: string }): HttpRequestImpl {
  return (url, options) => {
    const target = new URL(url);
    const prefix = LOCAL_PREFIX[target.origin];
    const local = PROVIDER_ORIGINS.includes(target.origin)
      ? new URL(`${prefix ?? ''}${target.pathname}${target.search}`, server.url)
      : target;
    return globalThis.fetch(local, options);
  };
}
