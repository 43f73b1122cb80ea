/// <reference types="node" />
import { constants } from 'node:buffer';
import type { MessageFormat } from '../core/format.js';
import { isObject } from '../core/input-guards.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { FORMAT_ADAPTERS } from '../formats/index.js';
import { createSourceDecoder } from './source-text.js';
import { errorCodeOf, nodeFileSystem, type CliFileSystem } from './write-output.js';

/** Where the CLI reads from: `name` is the path as given or `<stdin>`; `size` is in bytes. */
export interface Input {
  readonly name: string;
  readonly path: string | undefined;
  readonly size: number | undefined;
  readonly chunks: AsyncIterable<Uint8Array | string>;
  bytesRead(): number;
}

/**
 * Opens `path` for streaming, or stdin when `path` is `undefined` or `-`.
 * @throws {ToolHistoryError} `invalid-input` when the file is missing, not a file, or unreadable.
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

/** One line (1-based `number`) and its line break; a line over the limit is `tooLong`, empty. */
export interface Line {
  readonly text: string;
  readonly number: number;
  readonly ending: '\n' | '\r\n' | '\r' | '';
  readonly tooLong?: true | undefined;
}

/** `maxLength`: the longest line in UTF-16 units (default: V8's longest string). */
export interface ReadLinesOptions {
  readonly maxLength?: number | undefined;
}

/** Splits a byte stream into lines as it arrives, in memory bounded by the longest line. */
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
  // A line over the limit (joining would throw) is skipped to its end.
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
 * Guesses a conversation's format from its messages key, then from each adapter's `signature`;
 * plain text turns are `openai-chat`, not certain.
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
