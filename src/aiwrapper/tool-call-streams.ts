import type { ProviderHttpRequest } from './provider-errors.js';

/** Receives a copy of the body of the response to a request the loop registered. */
type BodyReader = (body: ReadableStream<Uint8Array>) => void;

// Requests are told apart by their AbortSignal: the loop gives each of its requests one of its
// own, and aiwrapper hands it to the request function. A WeakMap, so a request the loop forgot
// leaves nothing behind.
const readers = new WeakMap<AbortSignal, BodyReader>();

/**
 * Lets the tool loop read the response to its request (sent with `signal`) while aiwrapper does:
 * the body is split, and `read` gets its own copy. Effective only when the request function in
 * use goes through {@link withToolCallStreams}; returns a function that forgets the request.
 */
export function readResponseBody(signal: AbortSignal, read: BodyReader): () => void {
  readers.set(signal, read);
  return () => {
    readers.delete(signal);
  };
}

/**
 * Wraps a request function so that the tool loop sees the provider's raw stream as aiwrapper
 * reads it, and its `tool-call-delta` events carry the argument text as it arrives (aiwrapper
 * 3.0.3 exposes a call's arguments only when its whole buffer parses). `withProviderErrors`
 * applies it. Every other request passes through unchanged.
 */
export function withToolCallStreams(
  httpRequest: ProviderHttpRequest = (url, options) => fetch(url, options),
): ProviderHttpRequest {
  return async (url, options) => {
    const response = await httpRequest(url, options);
    // A JS caller may pass no options at all.
    const given: unknown = options;
    const signal: unknown =
      typeof given === 'object' && given !== null
        ? (given as { readonly signal?: unknown }).signal
        : undefined;
    const read = signal instanceof AbortSignal ? readers.get(signal) : undefined;
    if (read === undefined || !response.ok || response.body === null) return response;
    const [forAiwrapper, forLoop] = response.body.tee();
    read(forLoop);
    return new Response(forAiwrapper, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
