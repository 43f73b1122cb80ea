/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { assertNever } from '../core/assert-never.js';
import { writeOut, type CliIo, guardOutput, OutputFailure, terminalLine } from './cli-io.js';
import { errorMessageOf, type CommandContext } from './command-context.js';
import { errorCodeOf, openInput } from './open-input.js';
import { parseCliArgs, usage, type ParsedCli } from './parse-cli-args.js';
import { runCheck } from './run-check.js';
import { runConvert } from './run-convert.js';
import { runFix } from './run-fix.js';
import { runPairs } from './run-pairs.js';
import { runTrim } from './run-trim.js';

/**
 * Runs the CLI with `argv` (without the node and script paths) against `io` and returns the
 * exit code: 0 success, 1 issues found (`check`), 2 unreadable input, an I/O error or a usage
 * error. It never calls `process.exit`.
 *
 * Every expected failure (a missing file, bad JSON, a usage mistake, a file that cannot be read
 * or written, a full disk behind stdout) is one line on stderr; no stack trace is ever printed.
 * A closed stdout (`… | head`) stops the command quietly with 0.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const stdout = guardOutput(io.stdout);
  const stderr = guardOutput(io.stderr);
  const say = (message: string): Promise<void> =>
    writeOut(stderr, terminalLine(`aiwrapper-tool-calls: ${message}`)).catch(() => undefined);
  let code: number;
  try {
    code = await runParsed(parseCliArgs(argv), { ...io, stdout, stderr });
  } catch (error) {
    code = 2;
    if (!(error instanceof OutputFailure)) await say(errorMessageOf(error));
  }
  await stdout.flush();
  const failure = stdout.failure();
  if (failure !== undefined) {
    if (errorCodeOf(failure) === 'EPIPE') return 0;
    await say(`cannot write to stdout (${errorCodeOf(failure) ?? failure.message})`);
    return 2;
  }
  await stderr.flush();
  return stderr.failure() === undefined ? code : 2;
}

async function runParsed(parsed: ParsedCli, io: CliIo): Promise<number> {
  switch (parsed.kind) {
    case 'help':
      await writeOut(io.stdout, usage());
      return 0;
    case 'version':
      await writeOut(io.stdout, `${version()}\n`);
      return 0;
    case 'error':
      await writeOut(
        io.stderr,
        `${terminalLine(`aiwrapper-tool-calls: ${parsed.message}`)}Run "aiwrapper-tool-calls --help" for usage.\n`,
      );
      return 2;
    case 'run':
      break;
    default:
      return assertNever(parsed, 'parsed arguments');
  }
  const { args } = parsed;
  const context: CommandContext = {
    args,
    io,
    input: await openInput(args.input, io.stdin, io.fs),
  };
  switch (args.command) {
    case 'check':
      return runCheck(context);
    case 'fix':
      return runFix(context);
    case 'convert':
      return runConvert(context);
    case 'trim':
      return runTrim(context);
    case 'pairs':
      return runPairs(context);
    default:
      return assertNever(args.command, 'command');
  }
}

function version(): string {
  // src/cli/ and dist/cli/ both sit two levels below package.json.
  const manifest: unknown = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  );
  return typeof manifest === 'object' && manifest !== null && 'version' in manifest
    ? String(manifest.version)
    : 'unknown';
}
