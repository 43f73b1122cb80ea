/// <reference types="node" />
import { constants } from 'node:buffer';
import { createSourceDecoder } from './source-text.js';

/** One line of a text stream, without its line break. */
export interface Line {
  /** The line's text (a trailing `\r` removed). */
  readonly text: string;
  /** 1-based line number. */
  readonly number: number;
  /** The line break that ended it: `\n`, `\r\n`, or `''` (or a lone `\r`) for the last line. */
  readonly ending: '\n' | '\r\n' | '\r' | '';
  /** True when the line was longer than the limit: its text is then empty. */
  readonly tooLong?: true | undefined;
}

/** Options of {@link readLines}. */
export interface ReadLinesOptions {
  /**
   * The longest line, in UTF-16 code units, to hold; a longer one is yielded as `tooLong`.
   *
   * @defaultValue V8's longest string (`buffer.constants.MAX_STRING_LENGTH`)
   */
  readonly maxLength?: number | undefined;
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
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
  options: ReadLinesOptions = {},
): AsyncGenerator<Line> {
  const maxLength = options.maxLength ?? constants.MAX_STRING_LENGTH;
  const decoder = createSourceDecoder();
  // Pieces of the line in progress: joined once at its end, so a line spanning many chunks
  // costs linear time, not quadratic.
  let pending: string[] = [];
  let pendingLength = 0;
  let number = 0;
  // A line over the limit (V8's longest string by default: joining it would throw "Invalid string
  // length") is skipped to its end and yielded as `tooLong`, so the lines after it are still read.
  // An object, not a `let`: it is set inside callbacks, where narrowing cannot follow it.
  const skip = { tooLong: false };
  const add = (piece: string): void => {
    if (skip.tooLong) return;
    pendingLength += piece.length;
    if (pendingLength > maxLength) {
      skip.tooLong = true;
      pending = [];
    } else pending.push(piece);
  };
  const take = (ending: Line['ending']): Line => {
    number++;
    const line = pending.join('');
    const skipped = skip.tooLong;
    pending = [];
    pendingLength = 0;
    skip.tooLong = false;
    if (skipped) return { text: '', number, ending: '\n', tooLong: true };
    return line.endsWith('\r') && ending !== ''
      ? { text: line.slice(0, -1), number, ending: '\r\n' }
      : line.endsWith('\r')
        ? { text: line.slice(0, -1), number, ending: '\r' }
        : { text: line, number, ending };
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    let end = text.indexOf('\n');
    while (end !== -1) {
      add(text.slice(start, end));
      yield take('\n');
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    if (start < text.length) add(text.slice(start));
  }
  const rest = decoder.end();
  if (rest.length > 0) add(rest);
  // A lone `\r` at the very end is kept as its ending, so the text can be written back whole.
  if (pending.length > 0 || skip.tooLong) yield take('');
}
