/** Where progress goes: a terminal stream such as `process.stderr`. */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  write(text: string): unknown;
}

/** Reports how far a command has got through its input. */
export interface ProgressReporter {
  /** Records that `conversations` conversations and `bytes` input bytes are done. */
  update(conversations: number, bytes: number): void;
  /** Clears the progress line. */
  done(): void;
}

/** Options of {@link createProgressReporter}. */
export interface ProgressOptions {
  /** Input size in bytes, for a percentage; unknown for stdin. */
  readonly totalBytes?: number | undefined;
  /**
   * Conversations before the first report: small inputs finish before progress would help.
   * @defaultValue 1000
   */
  readonly threshold?: number | undefined;
  /** @defaultValue 200 */
  readonly intervalMs?: number | undefined;
  /** @defaultValue Date.now */
  readonly now?: (() => number) | undefined;
}

/**
 * A progress line on `stream`, redrawn in place at most every `intervalMs`, once the input has
 * proved large (`threshold` conversations). Silent when `stream` is not a terminal, so piped
 * and CI output stays clean.
 */
export function createProgressReporter(
  stream: ProgressStream,
  options: ProgressOptions = {},
): ProgressReporter {
  const threshold = options.threshold ?? 1000;
  const intervalMs = options.intervalMs ?? 200;
  const now = options.now ?? Date.now;
  if (stream.isTTY !== true) return { update: () => undefined, done: () => undefined };
  let shown = false;
  let last = 0;
  return {
    update(conversations: number, bytes: number): void {
      if (conversations < threshold) return;
      const time = now();
      if (shown && time - last < intervalMs) return;
      last = time;
      shown = true;
      const megabytes = (bytes / 1_048_576).toFixed(1);
      const total = options.totalBytes;
      const percent =
        total !== undefined && total > 0
          ? ` (${Math.min(100, Math.floor((bytes / total) * 100))}%)`
          : '';
      stream.write(
        `\r\x1b[K${conversations.toLocaleString('en-US')} conversations, ${megabytes} MB${percent}`,
      );
    },
    done(): void {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
