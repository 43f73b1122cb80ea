/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { nodeFileSystem, type CliFileSystem, type CliWritableFile } from './cli-io.js';

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
 * removes it. An existing target keeps its permission bits.
 */
export async function createAtomicWriter(
  path: string,
  fs: CliFileSystem = nodeFileSystem,
): Promise<AtomicWriter> {
  const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = await fs.stat(path).then(
    (stats) => stats.mode & 0o777,
    () => 0o666,
  );
  const handle: CliWritableFile = await fs.create(tempPath, mode);
  let buffered: string[] = [];
  let size = 0;
  let state: 'open' | 'committed' | 'aborted' = 'open';

  const flush = async (): Promise<void> => {
    if (buffered.length === 0) return;
    const text = buffered.join('');
    buffered = [];
    size = 0;
    await writeAll(handle, Buffer.from(text));
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
      await fs.rename(tempPath, path);
      state = 'committed';
    },
    async abort(): Promise<void> {
      if (state !== 'open') return;
      state = 'aborted';
      await handle.close().catch(() => undefined);
      await fs.unlink(tempPath).catch(() => undefined);
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
