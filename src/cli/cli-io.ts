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

/** Thrown by a write to an output that has already failed: it stops the command. */
export class OutputFailure extends Error {
  override readonly name: string = 'OutputFailure';
}

/** An output stream that records its first write error instead of crashing the process. */
export interface GuardedOutput extends OutputStream {
  /** The first write error (EPIPE, ENOSPC, …), if any. */
  failure(): Error | undefined;
  /** Waits until everything written so far has reached the stream's target, or failed. */
  flush(): Promise<void>;
}

/**
 * Wraps `stream` so that a failed write (a closed pipe, a full disk behind `> /dev/full`) is
 * recorded rather than thrown as an unhandled `error` event with a stack trace: later writes
 * throw {@link OutputFailure}, a pending wait for `drain` ends, and the caller reads
 * {@link GuardedOutput.failure} to exit with one line.
 */
export function guardOutput(stream: OutputStream): GuardedOutput {
  let failure: Error | undefined;
  const waiting = new Set<() => void>();
  const fail = (error: unknown): void => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    for (const wake of waiting) wake();
    waiting.clear();
  };
  stream.on?.('error', fail);
  return {
    isTTY: stream.isTTY,
    write(text: string | Uint8Array): boolean {
      if (failure !== undefined) throw new OutputFailure(failure.message);
      try {
        return stream.write(text);
      } catch (error) {
        fail(error);
        throw new OutputFailure(error instanceof Error ? error.message : String(error));
      }
    },
    once(_event: 'drain', listener: () => void): void {
      if (failure !== undefined) {
        listener();
        return;
      }
      let woken = false;
      const wake = (): void => {
        if (woken) return;
        woken = true;
        waiting.delete(wake);
        listener();
      };
      waiting.add(wake);
      stream.once('drain', wake);
    },
    failure: () => failure,
    async flush(): Promise<void> {
      // A stream without `on` (a test double) writes synchronously and reports by throwing.
      if (failure !== undefined || stream.on === undefined) return;
      // A write's callback runs once it and everything before it are written, or failed.
      await new Promise<void>((resolve) => {
        try {
          stream.write('', (error) => {
            if (error) fail(error);
            resolve();
          });
        } catch (error) {
          fail(error);
          resolve();
        }
      });
    },
  };
}

// Ids, names, provider messages (which quote ids) and JSON parse errors (which quote the input)
// come from the history, which may come from anyone: printed raw, `\u001b]0;…\u0007` retitles a
// terminal, `\u001b[2J` clears it, a bidi override hides text, and a line break forges a report
// line. Every character that can do that is printed as an escape instead.

/* eslint-disable no-control-regex -- matching control characters is the point */
/** C0 (line breaks and tabs too: one report stays one line), DEL, C1, bidi controls, LS and PS. */
const CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same without C0, which JSON.stringify already escapes (and whose pretty-printing uses `\n`). */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

const escape = (character: string): string =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control character written as `\uXXXX`, safe to print on a terminal. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, escape);
}

/** One line of terminal output: `text` escaped (see {@link escapeControl}) plus a line break. */
export function terminalLine(text: string): string {
  return `${escapeControl(text)}\n`;
}

/**
 * `JSON.stringify(value, null, indent)` with DEL, C1 and bidi controls inside strings written as
 * `\uXXXX` too: the same JSON value, safe to print on a terminal.
 */
export function jsonText(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  return escapeJsonUnsafe(text ?? 'null');
}

/**
 * JSON text with DEL, C1 and bidi controls written as `\uXXXX`: the same JSON value (those
 * characters can only occur inside strings), safe to print on a terminal.
 */
export function escapeJsonUnsafe(json: string): string {
  return json.replace(JSON_UNSAFE, escape);
}
