import { utf8Length } from '../core/stream/byte-budget.js';
import { StreamAccumulationError } from '../errors/stream-accumulation-error.js';

/**
 * Decodes a body's chunks as UTF-8, counting its bytes against `limits.maxTotalBytes`. A chunk may
 * end inside a character (decoding is streaming). Bytes that are not UTF-8 throw rather than turn
 * into U+FFFD without a word: the event they belong to would be altered unseen.
 */
export class BodyDecoder {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private received = 0;
  private readonly maximum: number;

  constructor(maximum: number) {
    this.maximum = maximum;
  }

  /**
   * The text of the next chunk; `eventIndex` is the number of the event it continues, for errors.
   * (text chunks pass through, counted as their UTF-8 length).
   */
  decode(chunk: Uint8Array | string, eventIndex: number): string {
    const isText = typeof chunk === 'string';
    const received = this.received + (isText ? utf8Length(chunk) : chunk.byteLength);
    if (received > this.maximum) {
      throw new StreamAccumulationError(
        { code: 'stream-limit', limit: 'total-bytes', attempted: received, maximum: this.maximum },
        `The response body reached ${received} bytes, over the total-bytes limit of ${this.maximum}. Raise limits.maxTotalBytes if the stream is legitimate.`,
      );
    }
    const start = this.received;
    this.received = received;
    return isText ? chunk : this.text(chunk, start, eventIndex);
  }

  /** The end of the body: a character cut off at the end throws. */
  end(eventIndex: number): string {
    return this.text(undefined, this.received, eventIndex);
  }

  private text(chunk: Uint8Array | undefined, start: number, eventIndex: number): string {
    try {
      return chunk === undefined
        ? this.decoder.decode()
        : this.decoder.decode(chunk, { stream: true });
    } catch (error) {
      throw new StreamAccumulationError(
        { code: 'invalid-input', eventIndex, field: '' },
        `events[${eventIndex}]: the response body is not UTF-8: invalid bytes ${chunk === undefined ? 'at its end' : `in the chunk at bytes ${start}–${start + chunk.byteLength}`}. Check the body's encoding; nothing of it was replaced.`,
        { cause: error },
      );
    }
  }
}
