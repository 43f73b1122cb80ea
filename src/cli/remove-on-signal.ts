/// <reference types="node" />
import { unlinkSync } from 'node:fs';

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
