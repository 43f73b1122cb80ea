/// <reference types="node" />
import { createReadStream } from 'node:fs';
import { lstat, open, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';

/** A stream the CLI writes to: `process.stdout`, `process.stderr`, or a test double. */
export interface OutputStream {
  readonly isTTY?: boolean | undefined;
  /** Writes `text`; `callback` (when given) runs once it is written, with the error if it failed. */
  write(text: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  once(event: 'drain', listener: () => void): unknown;
  /** Where a stream reports a failed write (EPIPE, ENOSPC) after `write` returned. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

/** What the CLI needs to know about a path. */
export interface CliFileStats {
  readonly size: number;
  readonly mode: number;
  /** The owner's user and group ids. */
  readonly uid: number;
  readonly gid: number;
  isFile(): boolean;
  /** Only meaningful from {@link CliFileSystem.lstat}. */
  isSymbolicLink(): boolean;
}

/** A file opened for writing. */
export interface CliWritableFile {
  /** Writes `buffer` at the current position; may write fewer bytes than asked (a full disk). */
  write(buffer: Uint8Array): Promise<{ readonly bytesWritten: number }>;
  datasync(): Promise<void>;
  close(): Promise<void>;
  /** Sets the permission bits exactly (creating applies the umask). */
  chmod?(mode: number): Promise<void>;
  /** Sets the owner (creating makes the process's user the owner). */
  chown?(uid: number, gid: number): Promise<void>;
}

/**
 * The file system calls the CLI makes, all of them: `node:fs` by default, a double in tests (to
 * provoke EACCES as root, or ENOSPC without a full disk).
 */
export interface CliFileSystem {
  stat(path: string): Promise<CliFileStats>;
  /** Like `stat`, but about a symbolic link itself rather than what it points to. */
  lstat(path: string): Promise<CliFileStats>;
  /** The file's bytes, in chunks as they are read. */
  readChunks(path: string): AsyncIterable<Uint8Array>;
  realpath(path: string): Promise<string>;
  /** What the symbolic link at `path` points to, as stored in it. */
  readlink(path: string): Promise<string>;
  /** Creates `path` for writing; fails when it exists (`wx`). */
  create(path: string, mode: number): Promise<CliWritableFile>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  /** Flushes a directory's entries (a rename in it) to disk. */
  syncDirectory(path: string): Promise<void>;
}

/** What the CLI runs against: the process streams and the file system. */
export interface CliIo {
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** @defaultValue {@link nodeFileSystem} */
  readonly fs?: CliFileSystem | undefined;
  /**
   * The longest input line to read; a longer one is reported as too long, and the lines after it
   * are still read.
   *
   * @defaultValue V8's longest string (`buffer.constants.MAX_STRING_LENGTH`)
   */
  readonly maxLineLength?: number | undefined;
}

const CHUNK_SIZE = 1 << 20;

/** {@link CliFileSystem} on `node:fs`. */
export const nodeFileSystem: CliFileSystem = {
  stat: (path) => stat(path),
  lstat: (path) => lstat(path),
  readChunks: (path) =>
    createReadStream(path, { highWaterMark: CHUNK_SIZE }) as AsyncIterable<Buffer>,
  realpath: (path) => realpath(path),
  readlink: (path) => readlink(path),
  create: (path, mode) => open(path, 'wx', mode),
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
  syncDirectory: async (path) => {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } catch (error) {
      // Some file systems cannot fsync a directory (EINVAL, EISDIR); the rename stands there.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'ENOTSUP') throw error;
    } finally {
      await handle.close();
    }
  },
};

/** Writes `text` and waits for the stream to drain when its buffer is full, so output stays bounded. */
export async function writeOut(stream: OutputStream, text: string | Uint8Array): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve) => stream.once('drain', resolve));
  // A guarded stream (see guardOutput) also wakes its writers when a write failed: an empty write
  // then throws, which stops the command instead of letting it report work that was lost.
  stream.write('');
}
