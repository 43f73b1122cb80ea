/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { createReadStream, unlinkSync, type Stats } from 'node:fs';
import { lstat, open, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { isObject } from '../core/input-guards.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import type { Conversation, InputLayout, Place } from './read-conversations.js';
import type { Input } from './read-input.js';
import type { CliArgs } from './run-cli.js';
import { createSourceWriter, encodeSource, restoreEscapedBytes } from './source-text.js';

/** A stream the CLI writes to: `process.stdout`, `process.stderr`, or a test double. */
export interface OutputStream {
  readonly isTTY?: boolean | undefined;
  write(text: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  once(event: 'drain', listener: () => void): unknown;
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

type FileStats = Pick<Stats, 'size' | 'mode' | 'uid' | 'gid' | 'isFile' | 'isSymbolicLink'>;

/** A file opened for writing; `write` may write fewer bytes than asked (a full disk). */
interface WritableFile {
  write(buffer: Uint8Array): Promise<{ readonly bytesWritten: number }>;
  datasync(): Promise<void>;
  close(): Promise<void>;
  chmod?(mode: number): Promise<void>;
  chown?(uid: number, gid: number): Promise<void>;
}

/** Every file system call the CLI makes: `node:fs` by default, a double in tests. */
export interface CliFileSystem {
  stat(path: string): Promise<FileStats>;
  lstat(path: string): Promise<FileStats>;
  readChunks(path: string): AsyncIterable<Uint8Array>;
  realpath(path: string): Promise<string>;
  readlink(path: string): Promise<string>;
  /** Creates `path` for writing; fails when it exists (`wx`). */
  create(path: string, mode: number): Promise<WritableFile>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  syncDirectory(path: string): Promise<void>;
}

/** What the CLI runs against: the process streams and the file system. */
export interface CliIo {
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly fs?: CliFileSystem | undefined;
  /** The longest input line to read (default: V8's longest string); longer is reported. */
  readonly maxLineLength?: number | undefined;
}

/** {@link CliFileSystem} on `node:fs`. */
export const nodeFileSystem: CliFileSystem = {
  stat,
  lstat,
  readChunks: (path) => createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>,
  realpath,
  readlink,
  create: (path, mode) => open(path, 'wx', mode),
  rename,
  unlink,
  syncDirectory: async (path) => {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } catch (error) {
      // Some file systems cannot fsync a directory; the rename stands there.
      if (!['EINVAL', 'EISDIR', 'ENOTSUP'].includes(errorCodeOf(error) ?? '')) throw error;
    } finally {
      await handle.close();
    }
  },
};

/** The `code` of a Node system error (`ENOENT`, `EACCES`, …). */
export function errorCodeOf(error: unknown): string | undefined {
  return isObject(error) && typeof error.code === 'string' ? error.code : undefined;
}

/** Where a record is: `file`, `file: conversation N`, `file:line: conversation N`, `file:line:column`. */
export function locationOf(input: Input, { layout, line, number }: Place, column?: number): string {
  const position =
    column !== undefined ? `:${line}:${column}` : layout.startsWith('jsonl') ? `:${line}` : '';
  const conversation =
    layout === 'json-array' || layout === 'jsonl' ? `: conversation ${number}` : '';
  return `${input.name}${position}${conversation}`;
}

/** The message of an error, for one line of output. */
export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Writes `text`, waiting for `drain` when the stream's buffer is full, so memory stays bounded. */
export async function writeOut(stream: OutputStream, text: string | Uint8Array): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve) => stream.once('drain', resolve));
  // A guarded stream also wakes its writers when a write failed: this empty write then throws.
  stream.write('');
}

/** Thrown by a write to an output that has already failed: it stops the command. */
export class OutputFailure extends Error {
  override readonly name: string = 'OutputFailure';
}

/** Records `stream`'s first failed write (EPIPE, ENOSPC); later writes throw, drain waits end. */
export function guardOutput(
  stream: OutputStream,
): OutputStream & { failure(): Error | undefined; flush(): Promise<void> } {
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
    write(text) {
      if (failure !== undefined) throw new OutputFailure(failure.message);
      try {
        return stream.write(text);
      } catch (error) {
        fail(error);
        throw new OutputFailure(errorMessageOf(error));
      }
    },
    once(_event, listener) {
      if (failure !== undefined) {
        listener();
        return;
      }
      // Called once: on drain, or on a failure (which empties `waiting`), whichever comes first.
      waiting.add(listener);
      stream.once('drain', () => {
        if (waiting.delete(listener)) listener();
      });
    },
    failure: () => failure,
    async flush() {
      // A test double (no `on`) writes synchronously; a write's callback runs once all before it is.
      if (failure !== undefined || stream.on === undefined) return;
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

// Text from the history printed raw could retitle a terminal, hide text (bidi) or forge a report
// line, so C0, DEL, C1, bidi controls, LS and PS print as escapes; JSON.stringify escapes C0.
/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

const escape = (character: string): string =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control character written as `\uXXXX`, safe to print on a terminal. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, escape);
}

/** `text` escaped (see {@link escapeControl}) plus a line break. */
export function terminalLine(text: string): string {
  return `${escapeControl(text)}\n`;
}

/** JSON text with DEL, C1 and bidi controls (only ever inside strings) written as `\uXXXX`. */
export function escapeJsonUnsafe(json: string): string {
  return json.replace(JSON_UNSAFE, escape);
}

/** `JSON.stringify(value, null, indent)`, safe to print on a terminal. */
export function jsonText(value: unknown, indent?: number): string {
  return escapeJsonUnsafe(JSON.stringify(value, null, indent));
}

/**
 * Like write-file-atomic: a temp file renamed over the target (through symbolic links) on commit,
 * keeping its mode and (as root) owner, removed on SIGINT/TERM/HUP/QUIT.
 */
export async function createAtomicWriter(
  path: string,
  fs: CliFileSystem,
): Promise<Pick<Target, 'write' | 'commit' | 'abort'>> {
  let target = path;
  // As many hops as Linux's MAXSYMLINKS.
  for (let hop = 0; (await fs.lstat(target).catch(() => undefined))?.isSymbolicLink(); hop++) {
    if (hop === 40) throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
    target = resolve(dirname(target), await fs.readlink(target));
  }
  const directory = dirname(target);
  const tempPath = join(directory, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const existing = await fs.stat(target).catch(() => undefined);
  // Armed before the file exists: a signal right after the open must not leave it behind.
  const forget = removeOnSignal(tempPath);
  const mode = existing === undefined ? 0o666 : existing.mode & 0o777;
  const handle = await fs.create(tempPath, mode).catch((error: unknown) => {
    forget();
    throw error;
  });
  const abort = async (): Promise<void> => {
    await handle.close().catch(() => undefined);
    await fs.unlink(tempPath).catch(() => undefined);
    forget();
  };
  if (existing !== undefined) {
    try {
      // Owner first (chown clears set-id bits); non-root gets EPERM and owns the file.
      await handle.chown?.(existing.uid, existing.gid).catch((error: unknown) => {
        if (errorCodeOf(error) !== 'EPERM') throw error;
      });
      await handle.chmod?.(mode);
    } catch (error) {
      await abort();
      throw error;
    }
  }
  let buffered: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    const bytes = encodeSource(buffered.join(''));
    buffered = [];
    size = 0;
    for (let offset = 0; offset < bytes.length;) {
      const { bytesWritten } = await handle.write(bytes.subarray(offset));
      if (bytesWritten <= 0) throw new Error('no space left to write (a write wrote 0 bytes)');
      offset += bytesWritten;
    }
  };
  return {
    async write(text) {
      buffered.push(text);
      size += text.length;
      if (size >= 1 << 20) await flush();
    },
    async commit() {
      await flush();
      await handle.datasync();
      await handle.close();
      await fs.rename(tempPath, target);
      forget();
      await fs.syncDirectory(directory);
    },
    abort,
  };
}

// A signal removes every open temp file, then re-raises itself so the process dies of it (130, 143).
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;
const pending = new Set<string>();

function onSignal(signal: NodeJS.Signals): void {
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone, or never on disk (a test double).
    }
  }
  pending.clear();
  for (const name of SIGNALS) process.removeListener(name, onSignal);
  process.kill(process.pid, signal);
}

/** Removes `path` on a signal until the returned function is called. */
function removeOnSignal(path: string): () => void {
  if (pending.size === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  pending.add(path);
  return () => {
    if (pending.delete(path) && pending.size === 0)
      for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  };
}

/** Where a command writes: a file (atomically) or stdout; reports go to the other stream. */
export interface Target {
  /** The file, or `undefined` for stdout. */
  readonly path: string | undefined;
  readonly reports: OutputStream;
  write(text: string): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** Opens `-o FILE` (not the input), the input file with `--in-place`, or stdout. */
export async function openTarget(
  args: Pick<CliArgs, 'inPlace' | 'output'>,
  input: Input,
  io: CliIo,
): Promise<Target> {
  const fs = io.fs ?? nodeFileSystem;
  const path = args.inPlace === true ? input.path : args.output;
  if (path === undefined) {
    const write = (text: string): Promise<void> => writeOut(io.stdout, encodeSource(text));
    const done = (): Promise<void> => Promise.resolve();
    return { path, reports: io.stderr, write, commit: done, abort: done };
  }
  const canonical = (file: string): Promise<string> => fs.realpath(file).catch(() => resolve(file));
  if (args.inPlace !== true && input.path !== undefined)
    if ((await canonical(path)) === (await canonical(input.path)))
      throw new ToolHistoryError(
        'invalid-input',
        `-o ${path} is the input file; write elsewhere, or pass --in-place (fix, convert, trim) to overwrite it`,
      );
  const cannotWrite = (error: unknown): never => {
    const reason = errorCodeOf(error) ?? errorMessageOf(error);
    throw new ToolHistoryError('invalid-input', `${path}: cannot write (${reason})`, {
      cause: error,
    });
  };
  // Fail before any work when the target cannot be a file (a directory).
  if ((await fs.stat(path).catch(() => undefined))?.isFile() === false)
    throw new ToolHistoryError('invalid-input', `${path}: cannot write (not a file)`);
  const file = await createAtomicWriter(path, fs).catch(cannotWrite);
  const write = (text: string): Promise<void> => file.write(text).catch(cannotWrite);
  return {
    ...file,
    path,
    reports: io.stdout,
    write,
    commit: () => file.commit().catch(cannotWrite),
  };
}

/** Where `fix`, `convert` (`write`: anew) and `trim` (`writeMessages`: spliced) write. */
export interface HistorySink extends Omit<Target, 'write'> {
  write(conversation: Conversation, value: unknown): Promise<void>;
  writeMessages(conversation: Conversation, messages: readonly unknown[]): Promise<void>;
  /** Writes an input line the command could not read or process, as it was. */
  passThrough(text: string): Promise<void>;
}

/** A {@link Target} for histories: in the input's layout, untouched messages as they were. */
export async function openHistorySink(
  args: Pick<CliArgs, 'inPlace' | 'output'>,
  input: Input,
  io: CliIo,
): Promise<HistorySink> {
  const target = await openTarget(args, input, io);
  let layout: InputLayout | undefined;
  let count = 0;
  const serialize = (conversation: Conversation, value: unknown): string => {
    layout ??= conversation.layout;
    count++;
    const text =
      conversation.layout === 'json'
        ? `${jsonText(value, 2)}\n`
        : conversation.layout === 'json-array'
          ? `${count === 1 ? '[\n' : ',\n'}${jsonText(value)}`
          : Array.isArray(value) && conversation.layout === 'jsonl-messages'
            ? value.map((message) => `${jsonText(message)}\n`).join('')
            : `${jsonText(value)}\n`;
    const { document } = conversation.source;
    return restoreEscapedBytes(text, document.text, locationOf(input, conversation));
  };
  const source = createSourceWriter();
  let lossless = false;
  const out = (text: string): Promise<void> =>
    target.write(target.path === undefined ? escapeJsonUnsafe(text) : text);
  return {
    ...target,
    write: (conversation, value) => out(serialize(conversation, value)),
    writeMessages: (conversation, messages) => {
      lossless = true;
      return out(source.write(conversation, messages, locationOf(input, conversation)));
    },
    passThrough: (text) => out(source.end() + text),
    commit: async () => {
      await out(lossless ? source.end() : layout === 'json-array' ? '\n]\n' : '');
      await target.commit();
    },
  };
}
