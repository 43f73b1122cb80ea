/// <reference types="node" />
import { createSourceDecoder } from './source-text.js';

/** One line of a text stream, without its line break. */
export interface Line {
  /** The line's text (a trailing `\r` removed). */
  readonly text: string;
  /** 1-based line number. */
  readonly number: number;
  /** The line break that ended it: `\n`, `\r\n`, or `''` (or a lone `\r`) for the last line. */
  readonly ending: '\n' | '\r\n' | '\r' | '';
}

/**
 * Splits a byte stream into lines as the bytes arrive, holding at most one chunk plus the line
 * in progress: memory stays bounded by the longest line, never by the input.
 *
 * UTF-8 characters split across chunks are decoded whole, and bytes that are not UTF-8 are kept
 * (see {@link createSourceDecoder}); `\n` and `\r\n` both end a line; a last line without a line
 * break is still yielded.
 *
 * @example
 * for await (const line of readLines(createReadStream('history.jsonl'))) handle(line.text);
 */
export async function* readLines(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<Line> {
  const decoder = createSourceDecoder();
  // Pieces of the line in progress: joined once at its end, so a line spanning many chunks
  // costs linear time, not quadratic.
  let pending: string[] = [];
  let number = 0;
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    let end = text.indexOf('\n');
    while (end !== -1) {
      const piece = text.slice(start, end);
      const line = pending.length === 0 ? piece : pending.join('') + piece;
      pending = [];
      number++;
      yield line.endsWith('\r')
        ? { text: line.slice(0, -1), number, ending: '\r\n' }
        : { text: line, number, ending: '\n' };
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    if (start < text.length) pending.push(text.slice(start));
  }
  const rest = decoder.end();
  if (rest.length > 0) pending.push(rest);
  if (pending.length > 0) {
    const line = pending.join('');
    number++;
    // A lone `\r` at the very end is kept as its ending, so the text can be written back whole.
    yield line.endsWith('\r')
      ? { text: line.slice(0, -1), number, ending: '\r' as const }
      : { text: line, number, ending: '' as const };
  }
}
