/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { nodeFileSystem, type CliFileSystem, type CliWritableFile } from './cli-io.js';
import { errorCodeOf } from './open-input.js';
import { encodeSource } from './source-text.js';
import { unlinkSync } from 'node:fs';

/** A file being written: invisible under its name until {@link AtomicWriter.commit}. */
export interface AtomicWriter {
  /** Appends text. Writes are buffered and flushed in large blocks. */
  write(text: string): Promise<void>;
  /** Flushes, syncs to disk, and renames the temp file over the target in one step. */
  commit(): Promise<void>;
  /** Discards everything written; the target is untouched. Safe to call more than once. */
  abort(): Promise<void>;
}

const FLUSH_AT = 1 << 20;

/**
 * Opens a temp file beside `path` (same directory, so the final rename never crosses file
 * systems) and returns a writer whose {@link AtomicWriter.commit} renames it over `path`.
 *
 * Readers of `path` see the old file or the whole new one, never half of it: a crash or an
 * error leaves at most a `.<name>.<random>.tmp` file behind, and {@link AtomicWriter.abort}
 * removes it (so does SIGINT, SIGTERM, SIGHUP or SIGQUIT while it is open). An existing target
 * keeps its owner (when the process may set it: root can) and its permission bits. Every write is checked (a short write continues, an error such as ENOSPC
 * throws); commit syncs the temp file, renames it over the target and then syncs the directory.
 * When `path` is a symbolic link, the file it points to is replaced and the link kept.
 */
export async function createAtomicWriter(
  path: string,
  fs: CliFileSystem = nodeFileSystem,
): Promise<AtomicWriter> {
  const target = await resolveTarget(path, fs);
  const directory = dirname(target);
  const tempPath = join(directory, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const existing = await fs.stat(target).catch(() => undefined);
  // Armed before the file exists: a signal that lands between the open and the next line would
  // otherwise kill the process with the default action and leave the temp file behind.
  const forget = removeOnSignal(tempPath);
  const mode = existing === undefined ? 0o666 : existing.mode & 0o777;
  const handle: CliWritableFile = await fs.create(tempPath, mode).catch((error: unknown) => {
    forget();
    throw error;
  });
  if (existing !== undefined) {
    try {
      // Owner first: chown clears the set-id bits, which the chmod then restores. Root replacing
      // another user's file must not take it over; anyone else cannot give a file away (EPERM),
      // and then the file is theirs, as with any editor that writes a new file.
      await handle.chown?.(existing.uid, existing.gid).catch((error: unknown) => {
        if (errorCodeOf(error) !== 'EPERM') throw error;
      });
      // The umask applies on create: the replaced file keeps all its bits, as write-file-atomic does.
      await handle.chmod?.(mode);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.unlink(tempPath).catch(() => undefined);
      forget();
      throw error;
    }
  }
  let buffered: string[] = [];
  let size = 0;
  let state: 'open' | 'committed' | 'aborted' = 'open';

  const flush = async (): Promise<void> => {
    if (buffered.length === 0) return;
    const text = buffered.join('');
    buffered = [];
    size = 0;
    await writeAll(handle, encodeSource(text));
  };

  return {
    async write(text: string): Promise<void> {
      if (state !== 'open') throw new Error(`write after ${state}`);
      buffered.push(text);
      size += text.length;
      if (size >= FLUSH_AT) await flush();
    },
    async commit(): Promise<void> {
      if (state !== 'open') throw new Error(`commit after ${state}`);
      await flush();
      await handle.datasync();
      await handle.close();
      await fs.rename(tempPath, target);
      state = 'committed';
      forget();
      // The rename is durable only once the directory entry is on disk too.
      await fs.syncDirectory(directory);
    },
    async abort(): Promise<void> {
      if (state !== 'open') return;
      state = 'aborted';
      await handle.close().catch(() => undefined);
      await fs.unlink(tempPath).catch(() => undefined);
      forget();
    },
  };
}

/** Writes every byte of `bytes`: a short write (a nearly full disk) continues, it is never dropped. */
async function writeAll(handle: CliWritableFile, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes.subarray(offset));
    if (bytesWritten <= 0) throw new Error('no space left to write (a write wrote 0 bytes)');
    offset += bytesWritten;
  }
}

/**
 * The file to replace: `path`, or what it links to when it is a symbolic link (through chains of
 * them, and to a target that does not exist yet), so the link is kept and its target gets the new
 * content, as `write-file-atomic` does.
 */
async function resolveTarget(path: string, fs: CliFileSystem): Promise<string> {
  let current = path;
  // As many hops as Linux follows (MAXSYMLINKS) before it gives ELOOP.
  for (let hop = 0; hop < 40; hop++) {
    const stats = await fs.lstat(current).catch(() => undefined);
    if (stats?.isSymbolicLink() !== true) return current;
    current = resolve(dirname(current), await fs.readlink(current));
  }
  throw Object.assign(new Error(`${path}: too many levels of symbolic links`), { code: 'ELOOP' });
}

// Ctrl-C or a SIGTERM during `fix -o` would otherwise leave a hidden temp file as large as the
// output behind, which nothing ever removes. While any is open, a handler removes them all and
// then re-raises the signal with the handler gone, so the process dies of it as it would have
// (a shell sees 130 for SIGINT, 143 for SIGTERM; SIGQUIT still dumps core where enabled). SIGKILL cannot be caught; the input is still
// intact then, since it is only ever replaced by a rename.

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;
const pending = new Set<string>();

function onSignal(signal: NodeJS.Signals): void {
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone, or never created on disk (an injected file system): nothing to remove.
    }
  }
  pending.clear();
  uninstall();
  process.kill(process.pid, signal);
}

function uninstall(): void {
  for (const signal of SIGNALS) process.removeListener(signal, onSignal);
}

/**
 * Removes `path` if the process gets SIGINT, SIGTERM, SIGHUP or SIGQUIT before the returned function is
 * called (call it once the file is renamed into place or removed).
 */
export function removeOnSignal(path: string): () => void {
  if (pending.size === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  pending.add(path);
  return () => {
    if (!pending.delete(path)) return;
    if (pending.size === 0) uninstall();
  };
}
