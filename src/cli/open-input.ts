/// <reference types="node" />
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { nodeFileSystem, type CliFileSystem } from './cli-io.js';

/** Where the CLI reads from. */
export interface Input {
  /** The name to show in messages: the path as given, or `<stdin>`. */
  readonly name: string;
  /** The path, or `undefined` for stdin. */
  readonly path: string | undefined;
  /** Size in bytes, when known (files). */
  readonly size: number | undefined;
  /** The bytes, in chunks as they arrive. */
  readonly chunks: AsyncIterable<Uint8Array | string>;
  /** Bytes read so far. */
  bytesRead(): number;
}

/**
 * Opens `path` for streaming, or stdin when `path` is `undefined` or `-`.
 *
 * @throws {ToolHistoryError} `invalid-input` when the file does not exist or is not a file.
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
    for await (const chunk of source) {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      yield chunk;
    }
  };
  if (path === undefined || path === '-')
    return {
      name: '<stdin>',
      path: undefined,
      size: undefined,
      chunks: counted(stdin),
      bytesRead: () => bytes,
    };
  const stats = await fs.stat(path).catch((error: unknown) => {
    const code = errorCodeOf(error);
    throw new ToolHistoryError(
      'invalid-input',
      code === 'ENOENT'
        ? `${path}: no such file`
        : `${path}: cannot read (${code ?? String(error)})`,
    );
  });
  if (!stats.isFile()) throw new ToolHistoryError('invalid-input', `${path}: not a file`);
  const file = path;
  // Open and read errors (EACCES, EIO) surface on the first chunk: say which file, in one line.
  const chunks = async function* (): AsyncGenerator<Uint8Array> {
    try {
      yield* fs.readChunks(file);
    } catch (error) {
      const code = errorCodeOf(error);
      throw new ToolHistoryError(
        'invalid-input',
        `${file}: cannot read (${code ?? String(error)})`,
        { cause: error },
      );
    }
  };
  return { name: path, path, size: stats.size, chunks: counted(chunks()), bytesRead: () => bytes };
}

/** The `code` of a Node system error (`ENOENT`, `EACCES`, …), if it has one. */
export function errorCodeOf(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}
