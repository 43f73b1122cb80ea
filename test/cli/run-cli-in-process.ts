import { runCli } from '../../src/cli/run-cli.js';
import type { CliFileSystem, OutputStream } from '../../src/cli/write-output.js';
import type { CliRun } from './run-cli-process.js';

/** An output stream that keeps what is written; `isTTY` as asked. */
export interface CapturedStream extends OutputStream {
  readonly text: () => string;
  readonly bytes: () => Buffer;
}

/** A stream double that records every write. */
export function capturedStream(options: { readonly isTTY?: boolean } = {}): CapturedStream {
  const pieces: Buffer[] = [];
  const bytes = (): Buffer => Buffer.concat(pieces);
  return {
    isTTY: options.isTTY ?? false,
    write: (text: string | Uint8Array) => {
      pieces.push(Buffer.from(text));
      return true;
    },
    once: () => undefined,
    text: () => bytes().toString('utf8'),
    bytes,
  };
}

/** A stdin with nothing in it. */
export async function* emptyStdin(): AsyncGenerator<string> {
  // Nothing to read: the generator ends at once.
}

/** Options of {@link runCliInProcess}. */
export interface InProcessOptions {
  /** What stdin holds; empty by default. */
  readonly stdin?: string;
  /** A file system double; `node:fs` by default. */
  readonly fs?: CliFileSystem;
  /** The longest line the CLI reads; V8's longest string by default. */
  readonly maxLineLength?: number;
}

/**
 * Runs the CLI in this process through `runCli` (cwd is the repository root under vitest, so
 * fixture paths print as `test/cli/__fixtures__/…`, as they do from a shell there).
 */
export async function runCliInProcess(
  args: readonly string[],
  options: InProcessOptions = {},
): Promise<CliRun> {
  const run = await runCliInProcessWithBytes(args, options);
  return { code: run.code, stdout: run.stdout, stderr: run.stderr };
}

/** {@link runCliInProcess}, with the bytes written to stdout as they were written. */
export async function runCliInProcessWithBytes(
  args: readonly string[],
  options: InProcessOptions = {},
): Promise<CliRun & { readonly stdoutBytes: Buffer }> {
  const stdout = capturedStream();
  const stderr = capturedStream();
  const stdin = (async function* (): AsyncGenerator<string> {
    if (options.stdin !== undefined && options.stdin !== '')
      yield await Promise.resolve(options.stdin);
  })();
  const code = await runCli(args, {
    stdin,
    stdout,
    stderr,
    fs: options.fs,
    maxLineLength: options.maxLineLength,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text(), stdoutBytes: stdout.bytes() };
}
