import { Lang, setHttpRequestImpl } from 'aiwrapper';
import { withToolCallStreams } from './tool-call-streams.js';
import { installChatWrapper, isWrappedWith } from './chat-wrappers.js';
import { isProviderError, ProviderError, type ProviderErrorAction } from './provider-error.js';

/** A `fetch`-like function: the shape aiwrapper's `setHttpRequestImpl` takes. */
export type ProviderHttpRequest = Parameters<typeof setHttpRequestImpl>[0];

/** Options of {@link installProviderErrors}. */
export interface InstallProviderErrorsOptions {
  /**
   * The request function to wrap, e.g. `routeToStrictServer(server)` from
   * `aiwrapper-tool-calls/testing`.
   * @defaultValue global `fetch`, as aiwrapper's own default
   */
  readonly httpRequest?: ProviderHttpRequest | undefined;
}

// The refusals thrown lately, by the text aiwrapper's Chat Completions and Anthropic providers
// turn them into (`new Error(error)` keeps only `String(error)`), so chat() can rethrow the
// original. Bounded: an entry is taken when found, and the oldest go first.
const recent = new Map<string, ProviderError>();
const MAX_RECENT = 32;

function rememberRefusal(error: ProviderError): void {
  const key = String(error);
  recent.delete(key);
  recent.set(key, error);
  for (const oldest of recent.keys()) {
    if (recent.size <= MAX_RECENT) break;
    recent.delete(oldest);
  }
}

/**
 * Wraps a request function so that a refused request throws a {@link ProviderError}: its message
 * carries the provider's own sentence, and its `providerError` the parsed error body.
 *
 * aiwrapper 3.0.3 throws `HTTP error! status: 400` and drops the body; this throws, from inside
 * aiwrapper's retry loop, an error aiwrapper treats as its own, with the same retry decision
 * (429 and 5xx retried, other 4xx not, a 400 first offered to the provider's `on400Error`, which
 * the Responses provider uses to resend without a lost `previous_response_id`). Accepted replies
 * pass through untouched.
 *
 * Pass the result to aiwrapper's `setHttpRequestImpl`, or use {@link installProviderErrors},
 * which also makes `chat()` of the Chat Completions and Anthropic providers rethrow the
 * `ProviderError` itself instead of aiwrapper's copy of its text.
 *
 * @example
 * setHttpRequestImpl(withProviderErrors(routeToStrictServer(server)));
 */
export function withProviderErrors(
  httpRequest: ProviderHttpRequest = (url, options) => fetch(url, options),
): ProviderHttpRequest {
  // The loop's live view reads its own responses' raw stream through this wrapper.
  const request = withToolCallStreams(httpRequest);
  return async (url, options) => {
    const response = await request(url, options);
    if (response.ok) return response;
    const callbackResponse = response.clone();
    const bodyText = await response.text().catch(() => '');
    const action = await actionFor(response.status, callbackResponse, options);
    const error = new ProviderError({ url: String(url), response, bodyText, action });
    rememberRefusal(error);
    throw error;
  };
}

type On400Error = (response: Response, error: Error, options: object) => Promise<unknown>;

/** aiwrapper's own decision (http-request.js), so wrapping changes what is thrown, not when. */
async function actionFor(
  status: number,
  response: Response,
  options: object,
): Promise<ProviderErrorAction> {
  const on400Error = (options as { readonly on400Error?: unknown }).on400Error;
  if (status !== 400 || typeof on400Error !== 'function')
    return { retry: status === 429 || status >= 500 };
  try {
    const action = await (on400Error as On400Error)(
      response,
      new Error(`HTTP error! status: ${String(status)}`),
      options,
    );
    return isRetry(action) ? action : { retry: false };
  } catch {
    return { retry: false };
  }
}

function isRetry(action: unknown): action is ProviderErrorAction & { readonly retry: true } {
  return (
    typeof action === 'object' && action !== null && 'retry' in action && action.retry === true
  );
}

/**
 * The {@link ProviderError} behind an error aiwrapper threw, or `undefined`.
 *
 * The Chat Completions and Anthropic providers wrap what the request function throws in a new
 * `Error` that keeps only its text; this finds the original by that text among the latest
 * refusals. {@link installProviderErrors} applies it to every `chat()`.
 */
export function providerErrorOf(error: unknown): ProviderError | undefined {
  if (isProviderError(error)) return error;
  if (!(error instanceof Error)) return undefined;
  const found = recent.get(error.message);
  if (found !== undefined) recent.delete(error.message);
  return found;
}

// Symbol.for: a second copy of this package sees the first one's install.
const WRAPPED = Symbol.for('aiwrapper-tool-calls.provider-errors');

/**
 * Makes every aiwrapper provider report refusals in the provider's words: sets aiwrapper's
 * request function to {@link withProviderErrors} (around `options.httpRequest`), and wraps each
 * provider's `chat()` so it rethrows the {@link ProviderError} rather than aiwrapper's copy of its
 * text. Opt-in and global to the aiwrapper module instance, as `setHttpRequestImpl` is; calling it
 * again replaces the request function, and the `chat()` wrappers are installed once.
 *
 * @returns a function that puts aiwrapper's default request function (global `fetch`) back.
 * @example
 * installProviderErrors();
 * try {
 *   await Lang.openai({ apiKey, model: 'gpt-5-mini' }).chat(messages);
 * } catch (error) {
 *   if (isProviderError(error)) console.log(error.status, error.providerMessage, error.providerError);
 * }
 */
export function installProviderErrors(options: InstallProviderErrorsOptions = {}): () => void {
  setHttpRequestImpl(withProviderErrors(options.httpRequest));
  for (const prototype of chatPrototypes()) wrapChat(prototype);
  return () => {
    setHttpRequestImpl((url, requestOptions) => fetch(url, requestOptions));
  };
}

type Chat = (this: unknown, ...args: unknown[]) => Promise<unknown>;

function wrapChat(prototype: Record<PropertyKey, unknown>): void {
  const original = prototype.chat as Chat;
  // Once, whether installToolCalls wrapped chat before or after.
  if (typeof original !== 'function' || isWrappedWith(original, WRAPPED)) return;
  const chat = async function chat(this: unknown, ...args: unknown[]): Promise<unknown> {
    try {
      return await original.apply(this, args);
    } catch (error) {
      throw providerErrorOf(error) ?? error;
    }
  };
  installChatWrapper(prototype, original, chat, WRAPPED);
}

/** The prototypes that define `chat`, reached through aiwrapper's public factories. */
function chatPrototypes(): Record<PropertyKey, unknown>[] {
  // No model named: each factory's default model is in aimodels' database, so nothing is logged.
  const probe = { apiKey: 'probe' };
  const factories: (() => object)[] = [
    () => Lang.openai(probe),
    () => Lang.openaiLike({ ...probe, model: 'probe', baseURL: 'http://127.0.0.1' }),
    () => Lang.anthropic(probe),
    () => Lang.google(probe),
    () => Lang.ollama({ model: 'probe' }),
    () => Lang.cohere(probe),
  ];
  const prototypes: Record<PropertyKey, unknown>[] = [];
  for (const create of factories) {
    let prototype: unknown = instancePrototype(create);
    while (typeof prototype === 'object' && prototype !== null && prototype !== Object.prototype) {
      const record = prototype as Record<PropertyKey, unknown>;
      if (Object.hasOwn(record, 'chat') && !prototypes.includes(record)) prototypes.push(record);
      prototype = Object.getPrototypeOf(prototype) as unknown;
    }
  }
  return prototypes;
}

function instancePrototype(create: () => object): unknown {
  try {
    return Object.getPrototypeOf(create()) as unknown;
  } catch {
    return undefined;
  }
}

export { isProviderError, ProviderError, providerMessageOf } from './provider-error.js';
export type { ProviderErrorAction, ProviderErrorInit } from './provider-error.js';
