/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { assertNever } from '../core/assert-never.js';
import { isToolHistoryError } from '../errors/tool-history-error.js';
import { writeOut, type CliIo } from './cli-io.js';
import type { CommandContext } from './command-context.js';
import { openInput } from './open-input.js';
import { parseCliArgs, usage } from './parse-cli-args.js';
import { runCheck } from './run-check.js';
import { runConvert } from './run-convert.js';
import { runFix } from './run-fix.js';
import { runPairs } from './run-pairs.js';
import { runTrim } from './run-trim.js';

/**
 * Runs the CLI with `argv` (without the node and script paths) against `io` and returns the
 * exit code: 0 success, 1 issues found (`check`), 2 unreadable input or a usage error.
 *
 * Every expected failure (a missing file, bad JSON, a usage mistake) is one line on stderr; no
 * stack trace is ever printed.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(argv);
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
        `aiwrapper-tool-calls: ${parsed.message}\nRun "aiwrapper-tool-calls --help" for usage.\n`,
      );
      return 2;
    case 'run':
      break;
    default:
      return assertNever(parsed, 'parsed arguments');
  }
  const { args } = parsed;
  try {
    const context: CommandContext = {
      args,
      io,
      input: await openInput(args.input, io.stdin, io.fs),
    };
    switch (args.command) {
      case 'check':
        return await runCheck(context);
      case 'fix':
        return await runFix(context);
      case 'convert':
        return await runConvert(context);
      case 'trim':
        return await runTrim(context);
      case 'pairs':
        return await runPairs(context);
      default:
        return assertNever(args.command, 'command');
    }
  } catch (error) {
    const message =
      isToolHistoryError(error) || error instanceof Error ? error.message : String(error);
    await writeOut(io.stderr, `aiwrapper-tool-calls: ${message}\n`);
    return 2;
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
