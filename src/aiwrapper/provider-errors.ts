import {
  HttpRequestError,
  type HttpResponseOnErrorAction as ProviderErrorAction,
  type HttpResponseWithRetries,
  type setHttpRequestImpl,
} from 'aiwrapper';
import { isObject } from '../core/input-guards.js';
import { patchMethod } from './provider-prototypes.js';

/** A `fetch`-like function: the shape aiwrapper's `setHttpRequestImpl` takes. */
export type ProviderHttpRequest = Parameters<typeof setHttpRequestImpl>[0];

const marker = Symbol.for('aiwrapper-tool-calls.provider-error');

/**
 * A request the provider refused, with its error body and wording; an aiwrapper `HttpRequestError`
 * whose message adds the provider's sentence to aiwrapper's `HTTP error! status: 400` prefix.
 */
export class ProviderError extends HttpRequestError {
  override readonly name: string = 'ProviderError';
  readonly status: number;
  readonly url: string;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly providerError: unknown;
  readonly providerMessage: string | undefined;

  constructor(url: string, response: Response, bodyText: string, action: ProviderErrorAction) {
    const parsed = parseBody(bodyText);
    const providerMessage = providerMessageOf(parsed);
    const detail = providerMessage ?? truncate(bodyText);
    const status = response.status;
    super(
      `HTTP error! status: ${String(status)}${detail === '' ? '' : `: ${detail}`}`,
      response,
      action,
      { json: parsed, text: bodyText },
    );
    this.status = status;
    this.url = url;
    this.providerError = parsed;
    this.providerMessage = providerMessage;
    Object.defineProperty(this, marker, { value: true });
  }
}

/** Whether `value` is a {@link ProviderError}, also across duplicated installs of this package. */
export function isProviderError(value: unknown): value is ProviderError {
  return typeof value === 'object' && value !== null && marker in value;
}

/**
 * Wraps a request function so that a refusal throws a {@link ProviderError} (with aiwrapper's own
 * retry decision), and makes every provider's `chat()` rethrow it rather than a text-only copy.
 * @example
 * setHttpRequestImpl(withProviderErrors()); // or withProviderErrors(routeToStrictServer(server))
 * try {
 *   await lang.chat(messages);
 * } catch (error) {
 *   if (isProviderError(error)) console.log(error.status, error.providerMessage);
 * }
 */
export function withProviderErrors(
  httpRequest: ProviderHttpRequest = (url, options) => fetch(url, options),
): ProviderHttpRequest {
  installChatRethrow();
  return async (url, options) => {
    const response = await httpRequest(url, options);
    if (response.ok) return response;
    const callbackResponse = response.clone();
    const bodyText = await response.text().catch(() => '');
    const action = await actionFor(response.status, callbackResponse, options);
    const error = new ProviderError(String(url), response, bodyText, action);
    remember(error);
    throw error;
  };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function truncate(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 1000 ? `${trimmed.slice(0, 1000)}…` : trimmed;
}

function field(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

/** The provider's sentence in an error body: `error.message`, a string `error`, Mistral's `message` or `detail[].msg`. */
export function providerMessageOf(body: unknown): string | undefined {
  const error = field(body, 'error');
  const nested = field(error, 'message');
  if (typeof nested === 'string') return nested;
  if (typeof error === 'string') return error;
  const message = field(body, 'message');
  if (typeof message === 'string') return message;
  return detailText(field(message, 'detail')) ?? detailText(field(body, 'detail'));
}

function detailText(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  const parts: string[] = [];
  for (const entry of detail as unknown[]) {
    const message = field(entry, 'msg');
    const location = field(entry, 'loc');
    if (typeof message === 'string')
      parts.push(Array.isArray(location) ? `${location.join('.')}: ${message}` : message);
  }
  return parts.length === 0 ? undefined : parts.join('; ');
}

/** aiwrapper's own decision (http-request.js), so wrapping changes what is thrown, not when. */
async function actionFor(
  status: number,
  response: Response,
  // `unknown`: a JS caller may pass no options at all.
  options: unknown,
): Promise<ProviderErrorAction> {
  const given = isObject(options) ? (options as HttpResponseWithRetries) : undefined;
  const on400Error: unknown = given?.on400Error;
  if (given === undefined || status !== 400 || typeof on400Error !== 'function')
    return { retry: status === 429 || status >= 500 };
  try {
    const action: unknown = await (on400Error as NonNullable<typeof given.on400Error>)(
      response,
      new Error(`HTTP error! status: ${String(status)}`),
      given,
    );
    return isObject(action) && action.retry === true
      ? (action as ProviderErrorAction)
      : { retry: false };
  } catch {
    return { retry: false };
  }
}

// The latest refusals by their text, so chat() can rethrow the original for aiwrapper's copy.
const recent = new Map<string, ProviderError>();

function remember(error: ProviderError): void {
  const key = String(error);
  recent.delete(key);
  recent.set(key, error);
  const [oldest] = recent.keys();
  if (recent.size > 32 && oldest !== undefined) recent.delete(oldest);
}

/** The {@link ProviderError} behind an error aiwrapper threw. */
export function providerErrorOf(error: unknown): ProviderError | undefined {
  if (isProviderError(error)) return error;
  if (!(error instanceof Error)) return undefined;
  const found = recent.get(error.message);
  if (found !== undefined) recent.delete(error.message);
  return found;
}

/** Makes each provider's `chat()` rethrow the original {@link ProviderError}, once. */
function installChatRethrow(): void {
  patchMethod(
    'chat',
    Symbol.for('aiwrapper-tool-calls.provider-errors'),
    (original) =>
      async function chat(this: unknown, ...args: unknown[]): Promise<unknown> {
        try {
          return await original.apply(this, args);
        } catch (error) {
          throw providerErrorOf(error) ?? error;
        }
      },
  );
}
