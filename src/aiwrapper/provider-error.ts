import { HttpRequestError } from 'aiwrapper';

const marker = Symbol.for('aiwrapper-tool-calls.provider-error');

/** What aiwrapper's retry loop does with a refusal: retry (429, 5xx, a fixed 400) or give up. */
// No `| undefined` on consumeRetry: aiwrapper's own type (HttpResponseOnErrorAction) has none.
export type ProviderErrorAction =
  { readonly retry: true; readonly consumeRetry?: boolean } | { readonly retry: false };

/** What {@link ProviderError} is built from. */
export interface ProviderErrorInit {
  /** The URL the request went to. */
  readonly url: string;
  /** The provider's reply; its body must not have been read. */
  readonly response: Response;
  /** The reply's body text. */
  readonly bodyText: string;
  /** What aiwrapper's retry loop should do. */
  readonly action: ProviderErrorAction;
}

/**
 * A request the provider refused, with the provider's own error body and wording.
 *
 * It extends aiwrapper's `HttpRequestError`, so aiwrapper's retry loop treats it as its own
 * (429 and 5xx are retried, other 4xx are not). The message keeps aiwrapper's prefix and adds the
 * provider's sentence: `HTTP error! status: 400: No tool call found for function call output with
 * call_id call_7Hq2.`
 */
export class ProviderError extends HttpRequestError {
  override readonly name: string = 'ProviderError';
  /** The HTTP status of the refusal. */
  readonly status: number;
  /** The URL the refused request went to. */
  readonly url: string;
  /**
   * The provider's error body: the parsed JSON (OpenAI's `{ error: { message, type, param, code } }`,
   * Anthropic's `{ type: 'error', error: { type, message } }`, Gemini's `{ error: { code, message,
   * status } }`, Mistral's `{ object: 'error', message, type, param, code }`), or the text when it
   * was not JSON.
   */
  readonly providerError: unknown;
  /** The provider's own sentence, read off `providerError`; `undefined` when none was found. */
  readonly providerMessage: string | undefined;

  constructor(init: ProviderErrorInit) {
    const parsed = parseBody(init.bodyText);
    const providerMessage = providerMessageOf(parsed);
    const detail = providerMessage ?? truncate(init.bodyText);
    const status = init.response.status;
    super(
      `HTTP error! status: ${String(status)}${detail === '' ? '' : `: ${detail}`}`,
      init.response,
      init.action,
      { json: parsed, text: init.bodyText },
    );
    this.status = status;
    this.url = init.url;
    this.providerError = parsed;
    this.providerMessage = providerMessage;
    Object.defineProperty(this, marker, { value: true });
  }
}

/** Whether `value` is a {@link ProviderError}, also across duplicated installs of this package. */
export function isProviderError(value: unknown): value is ProviderError {
  return typeof value === 'object' && value !== null && marker in value;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const MAX_DETAIL = 1000;

function truncate(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_DETAIL ? `${trimmed.slice(0, MAX_DETAIL)}…` : trimmed;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The provider's sentence in an error body:
 * - OpenAI, Groq, DeepSeek, Anthropic, Gemini: `error.message`;
 * - Mistral: `message`, or for its 422 schema errors `message.detail[].msg` (FastAPI's shape,
 *   which also comes at the top level as `detail`);
 * - any other JSON with a string `error` or `message`.
 */
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
  const parts = detail
    .map((entry: unknown) => {
      const message = field(entry, 'msg');
      const location = field(entry, 'loc');
      if (typeof message !== 'string') return undefined;
      return Array.isArray(location) ? `${location.join('.')}: ${message}` : message;
    })
    .filter((part): part is string => part !== undefined);
  return parts.length === 0 ? undefined : parts.join('; ');
}
