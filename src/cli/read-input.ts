/// <reference types="node" />
import { constants, isUtf8 } from 'node:buffer';
import type { MessageFormat } from '../core/format.js';
import { isObject } from '../core/input-guards.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { FORMAT_ADAPTERS } from '../formats/index.js';
import { errorCodeOf, nodeFileSystem, type CliFileSystem } from './write-output.js';

/** Where the CLI reads from: `name` is the path as given or `<stdin>`; `size` is in bytes. */
export interface Input {
  readonly name: string;
  readonly path: string | undefined;
  readonly size: number | undefined;
  readonly chunks: AsyncIterable<Uint8Array | string>;
  bytesRead(): number;
}

/** Opens `path` for streaming, or stdin for `undefined` or `-`; throws when it cannot be read. */
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

// A byte that is not UTF-8 is read as U+DC00+byte (Python's "surrogateescape"); encodeSource
// writes it back. Runs of well-formed multi-byte UTF-8 (Unicode Table 3-7) as latin1, or a byte:
const UTF8_OR_BYTE =
  /(?:[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2})+|[\x80-\xff]/g;
function decode(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  return bytes
    .toString('latin1')
    .replace(UTF8_OR_BYTE, (match) =>
      match.length === 1
        ? String.fromCharCode(0xdc00 + match.charCodeAt(0))
        : Buffer.from(match, 'latin1').toString('utf8'),
    );
}

/** How many leading bytes of `bytes` end on a character boundary (at most 3 are held back). */
function completeLength(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (byte < 0x80) return bytes.length;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}

/** One line (1-based `number`) and its line break; one over the limit is empty, `tooLong` saying so. */
export interface Line {
  readonly text: string;
  readonly number: number;
  readonly ending: '\n' | '\r\n' | '\r' | '';
  readonly tooLong?: string | undefined;
}

/** Splits a byte stream into lines as it arrives; a line over `maxLength` (UTF-16 units) is skipped. */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
  maxLength: number = constants.MAX_STRING_LENGTH,
): AsyncGenerator<Line> {
  let held = Buffer.alloc(0);
  // A character cut between chunks is held back until its last byte arrives.
  const decodeChunk = (chunk: Uint8Array): string => {
    const bytes = Buffer.concat([held, chunk]);
    const cut = completeLength(bytes);
    held = bytes.subarray(cut);
    return decode(bytes.subarray(0, cut));
  };
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
    if (tooLong) {
      const limit = maxLength.toLocaleString('en-US');
      const reason = `line ${String(number)} is too long to read (over ${limit} characters)`;
      return { text: '', number, ending: '\n', tooLong: reason };
    }
    if (!text.endsWith('\r')) return { text, number, ending };
    return { text: text.slice(0, -1), number, ending: ending === '' ? '\r' : '\r\n' };
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decodeChunk(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      add(text.slice(start, end));
      yield take('\n');
      start = end + 1;
    }
    if (start < text.length) add(text.slice(start));
  }
  const rest = decode(held);
  if (rest.length > 0) add(rest);
  if (pendingLength > 0) yield take('');
}

const ADAPTERS = Object.values(FORMAT_ADAPTERS);

/** The format proved by the messages key or an adapter's `signature`, else `openai-chat`, guessed. */
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
