/// <reference types="node" />
import { constants } from 'node:buffer';
import type { MessageFormat } from '../core/format.js';
import { isObject } from '../core/input-guards.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { FORMAT_ADAPTERS } from '../formats/index.js';
import { createSourceDecoder } from './source-text.js';
import { errorCodeOf, nodeFileSystem, type CliFileSystem } from './write-output.js';

/** Where the CLI reads from. */
export interface Input {
  /** The name to show in messages: the path as given, or `<stdin>`. */
  readonly name: string;
  /** The path, or `undefined` for stdin. */
  readonly path: string | undefined;
  /** Size in bytes, when known (files). */
  readonly size: number | undefined;
  readonly chunks: AsyncIterable<Uint8Array | string>;
  bytesRead(): number;
}

/**
 * Opens `path` for streaming, or stdin when `path` is `undefined` or `-`.
 *
 * @throws {ToolHistoryError} `invalid-input` when the file does not exist, is not a file, or
 * cannot be read.
 */
export async function openInput(
  path: string | undefined,
  stdin: AsyncIterable<Uint8Array | string>,
  fs: CliFileSystem = nodeFileSystem,
): Promise<Input> {
  let bytes = 0;
  const counted = async function* (
    source: AsyncIterable<Uint8Array | string>,
  ): AsyncGenerator<Uint8Array | string> {
    try {
      for await (const chunk of source) {
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
        yield chunk;
      }
    } catch (error) {
      // Open and read errors (EACCES, EIO) surface on the first chunk.
      if (path === undefined || path === '-') throw error;
      throw cannotRead(path, error);
    }
  };
  const common = { chunks: counted(stdin), bytesRead: () => bytes };
  if (path === undefined || path === '-')
    return { name: '<stdin>', path: undefined, size: undefined, ...common };
  const stats = await fs.stat(path).catch((error: unknown) => {
    throw errorCodeOf(error) === 'ENOENT'
      ? new ToolHistoryError('invalid-input', `${path}: no such file`)
      : cannotRead(path, error);
  });
  if (!stats.isFile()) throw new ToolHistoryError('invalid-input', `${path}: not a file`);
  return { ...common, name: path, path, size: stats.size, chunks: counted(fs.readChunks(path)) };
}

function cannotRead(path: string, error: unknown): ToolHistoryError {
  const reason = errorCodeOf(error) ?? String(error);
  return new ToolHistoryError('invalid-input', `${path}: cannot read (${reason})`, {
    cause: error,
  });
}

/** One line of a text stream, without its line break. */
export interface Line {
  readonly text: string;
  /** 1-based line number. */
  readonly number: number;
  /** The line break that ended it; `''` (or a lone `\r`) for the last line. */
  readonly ending: '\n' | '\r\n' | '\r' | '';
  /** The line was longer than the limit: its text is then empty. */
  readonly tooLong?: true | undefined;
}

/** Options of {@link readLines}. */
export interface ReadLinesOptions {
  /**
   * The longest line, in UTF-16 code units, to hold; a longer one is yielded as `tooLong`.
   * @defaultValue V8's longest string (`buffer.constants.MAX_STRING_LENGTH`)
   */
  readonly maxLength?: number | undefined;
}

/**
 * Splits a byte stream into lines as the bytes arrive: memory stays bounded by the longest
 * line, never by the input. Bytes that are not UTF-8 are kept (see {@link createSourceDecoder}).
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
  options: ReadLinesOptions = {},
): AsyncGenerator<Line> {
  const maxLength = options.maxLength ?? constants.MAX_STRING_LENGTH;
  const decoder = createSourceDecoder();
  // Pieces of the line in progress, joined once at its end (linear, not quadratic).
  let pending: string[] = [];
  let pendingLength = 0;
  let number = 0;
  // A line over the limit (joining it would throw) is skipped to its end and yielded as tooLong.
  const add = (piece: string): void => {
    pendingLength += piece.length;
    if (pendingLength <= maxLength) pending.push(piece);
    else pending = [];
  };
  const take = (ending: Line['ending']): Line => {
    number++;
    const text = pending.join('');
    const tooLong = pendingLength > maxLength;
    pending = [];
    pendingLength = 0;
    if (tooLong) return { text: '', number, ending: '\n', tooLong };
    if (!text.endsWith('\r')) return { text, number, ending };
    return { text: text.slice(0, -1), number, ending: ending === '' ? '\r' : '\r\n' };
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      add(text.slice(start, end));
      yield take('\n');
      start = end + 1;
    }
    if (start < text.length) add(text.slice(start));
  }
  const rest = decoder.end();
  if (rest.length > 0) add(rest);
  if (pendingLength > 0) yield take('');
}

const ADAPTERS = Object.values(FORMAT_ADAPTERS);

/**
 * Guesses the format of a conversation from the key that held its messages (when only one
 * format uses it), then from each adapter's `signature` of a message or a content part. Plain
 * text turns are `openai-chat`, not certain; Mistral (no signature) is never guessed.
 */
export function detectFormat(
  messages: readonly unknown[],
  key?: string,
): { readonly format: MessageFormat; readonly certain: boolean } {
  const holders = ADAPTERS.filter((adapter) => adapter.messagesKey === key);
  if (holders.length === 1 && holders[0] !== undefined)
    return { format: holders[0].format, certain: true };
  for (const message of messages) {
    if (!isObject(message)) continue;
    let found = ADAPTERS.find((adapter) => adapter.signature?.message?.(message) === true);
    const parts = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    for (const part of parts.filter(isObject))
      found ??= ADAPTERS.find((adapter) => adapter.signature?.contentPart?.(part) === true);
    if (found !== undefined) return { format: found.format, certain: true };
  }
  return { format: 'openai-chat', certain: false };
}
