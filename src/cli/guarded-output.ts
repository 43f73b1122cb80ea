/// <reference types="node" />
import type { OutputStream } from './cli-io.js';

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
