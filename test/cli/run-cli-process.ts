import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: CLI tests run there, so fixture paths print as `test/cli/__fixtures__/…`. */
export const ROOT: string = fileURLToPath(new URL('../../', import.meta.url));

/** What a CLI run printed and how it exited. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI from source (`node --import tsx src/cli/main.ts …`) in a child process. */
export function runCliProcess(
  args: readonly string[],
  options: {
    readonly stdin?: string;
    /** A file descriptor to give the child as stdout (e.g. /dev/full opened); a pipe by default. */
    readonly stdoutFd?: number;
  } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      stdio: ['pipe', options.stdoutFd ?? 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(options.stdin ?? '');
  });
}
