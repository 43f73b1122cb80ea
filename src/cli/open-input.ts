/// <reference types="node" />
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ToolHistoryError } from '../errors/tool-history-error.js';

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

const CHUNK_SIZE = 1 << 20;

/**
 * Opens `path` for streaming, or stdin when `path` is `undefined` or `-`.
 *
 * @throws {ToolHistoryError} `invalid-input` when the file does not exist or is not a file.
 */
export async function openInput(
  path: string | undefined,
  stdin: AsyncIterable<Uint8Array | string>,
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
  const stats = await stat(path).catch((error: unknown) => {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    throw new ToolHistoryError(
      'invalid-input',
      code === 'ENOENT'
        ? `${path}: no such file`
        : `${path}: cannot read (${code || String(error)})`,
    );
  });
  if (!stats.isFile()) throw new ToolHistoryError('invalid-input', `${path}: not a file`);
  const stream = createReadStream(path, { highWaterMark: CHUNK_SIZE }) as AsyncIterable<Buffer>;
  return { name: path, path, size: stats.size, chunks: counted(stream), bytesRead: () => bytes };
}
