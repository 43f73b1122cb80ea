import type { RecordedRequest } from './strict-server.js';

/**
 * The strict server's record of requests, bounded by count and by body bytes so a long-running
 * server does not keep every body it ever received. The oldest go first; the newest always stays.
 */
export class RequestLog {
  #entries: { readonly request: RecordedRequest; readonly bytes: number }[] = [];
  #bytes = 0;
  #dropped = 0;
  readonly #maxRequests: number;
  readonly #maxBytes: number;

  constructor(maxRequests: number, maxBytes: number) {
    this.#maxRequests = maxRequests;
    this.#maxBytes = maxBytes;
  }

  /** Records `request`, whose body was `bytes` long, then drops the oldest past either bound. */
  add(request: RecordedRequest, bytes: number): void {
    this.#entries.push({ request, bytes });
    this.#bytes += bytes;
    while (
      this.#entries.length > 1 &&
      (this.#entries.length > this.#maxRequests || this.#bytes > this.#maxBytes)
    ) {
      this.#bytes -= this.#entries.shift()?.bytes ?? 0;
      this.#dropped += 1;
    }
  }

  /** The kept requests, oldest first (a new array). */
  get requests(): RecordedRequest[] {
    return this.#entries.map((entry) => entry.request);
  }

  /** The newest request. */
  get last(): RecordedRequest | undefined {
    return this.#entries.at(-1)?.request;
  }

  /** How many requests were dropped since the start or the last {@link RequestLog.clear}. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Forgets every request and the count of dropped ones. */
  clear(): void {
    this.#entries = [];
    this.#bytes = 0;
    this.#dropped = 0;
  }
}
