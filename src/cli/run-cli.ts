/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import { CHAT_HOST_NAMES, isChatHostName, isMessageFormat } from '../formats/index.js';
import { COMMANDS, type Command } from './commands.js';
import type { ProviderName } from '../validate/validate-history.js';
import { openInput } from './read-input.js';
import {
  errorCodeOf,
  errorMessageOf,
  guardOutput,
  OutputFailure,
  terminalLine,
  writeOut,
  type CliIo,
} from './write-output.js';

/** Parsed command-line arguments; `input` `undefined` or `-` reads stdin. */
export interface CliArgs {
  readonly command: Command;
  readonly input: string | undefined;
  readonly format?: MessageFormat | undefined;
  readonly provider?: ProviderName | undefined;
  readonly model?: string | undefined;
  readonly thinking?: boolean | undefined;
  readonly to?: MessageFormat | undefined;
  readonly repair?: boolean | undefined;
  readonly output?: string | undefined;
  readonly inPlace?: boolean | undefined;
  readonly json?: boolean | undefined;
  readonly maxMessages?: number | undefined;
  readonly maxTokens?: number | undefined;
  readonly keepFirstUser?: boolean | undefined;
  readonly dropSystem?: boolean | undefined;
}

/** A mistake in the arguments: printed with a pointer to `--help`, exit 2. */
class UsageError extends Error {}

/** Runs the CLI: exit 0 success (or stdout closed), 1 issues found, 2 unreadable input or error. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const stdout = guardOutput(io.stdout);
  const stderr = guardOutput(io.stderr);
  const say = (message: string, after = ''): Promise<void> =>
    writeOut(stderr, terminalLine(`aiwrapper-tool-calls: ${message}`) + after).catch(
      () => undefined,
    );
  let code = 2;
  try {
    const args = parseCliArgs(argv);
    if (typeof args === 'string') {
      await writeOut(stdout, args);
      code = 0;
    } else {
      const input = await openInput(args.input, io.stdin, io.fs);
      code = await COMMANDS[args.command].run({ args, io: { ...io, stdout, stderr }, input });
    }
  } catch (error) {
    if (error instanceof UsageError)
      await say(error.message, 'Run "aiwrapper-tool-calls --help" for usage.\n');
    else if (!(error instanceof OutputFailure)) await say(errorMessageOf(error));
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

function version(): string {
  // src/cli/ and dist/cli/ both sit two levels below package.json.
  const manifest = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

const USAGE = `Usage: aiwrapper-tool-calls <command> [file] [options]

Check, repair, convert, trim and inspect tool-call histories.

Commands:
  check               report every tool-call problem, in the provider's words
                      (exit 0: none, 1: issues found, 2: unreadable input)
  fix                 repair the history and write it (to -o FILE, or stdout)
  convert --to F      convert the history to format F
  trim                drop the oldest turns to fit a budget, keeping tool groups whole
  pairs               list every tool call with its result and status
  view -o FILE        write one self-contained HTML page of the conversations: timeline,
                      pairs, issues and the repaired history (to FILE, or stdout)

Input: a file, or stdin when no file (or "-") is given. JSON: an array of messages,
or an object holding them under "messages", "input" or "contents". JSONL: one
conversation per line, or one message per line.

Options:
  --format F          the input format (default: detected per conversation)
  --provider P        check against provider P's rules (default: the format's own); also a
                      Chat Completions host: openai, deepseek, groq, qwen
  --model M           the model the request goes to, for rules only some models have
                      (Gemini 3 thought signatures, DeepSeek's reasoner) (check, fix, view)
  --thinking          extended thinking (Anthropic) or thinking mode (DeepSeek) is on (check, fix, view)
  --to F              the target format (convert); output its validator refuses exits 1
  --repair            repair the history before converting it (convert)
  -o, --output FILE   write the result to FILE, atomically (fix, convert, trim, view)
  --in-place          write the result over the input file (fix, convert, trim)
  --json              machine-readable output
  --max-messages N    keep at most N messages (trim)
  --max-tokens N      keep at most N estimated tokens (trim)
  --keep-first-user   always keep the first user message (trim)
  --drop-system       let system messages be trimmed too (trim)
  -h, --help          show this help
  --version           show the version

Formats: ${MESSAGE_FORMATS.join(', ')}

Examples:
  aiwrapper-tool-calls check history.json
  aiwrapper-tool-calls check sessions.jsonl --provider anthropic --json
  aiwrapper-tool-calls fix broken.json -o fixed.json
  aiwrapper-tool-calls convert chat.json --to anthropic
  cat history.json | aiwrapper-tool-calls trim --max-tokens 8000 --keep-first-user
  aiwrapper-tool-calls pairs history.json --json
  aiwrapper-tool-calls view sessions.jsonl -o view.html
`;

/** Every option; how a string option's value is read: a format, a provider, a count, or as is. */
const OPTIONS = {
  format: { type: 'string', read: 'format' },
  provider: { type: 'string', read: 'provider' },
  model: { type: 'string' },
  thinking: { type: 'boolean' },
  to: { type: 'string', read: 'format' },
  repair: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  'in-place': { type: 'boolean' },
  json: { type: 'boolean' },
  'max-messages': { type: 'string', read: 'count' },
  'max-tokens': { type: 'string', read: 'count' },
  'keep-first-user': { type: 'boolean' },
  'drop-system': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

/** The options every command takes. */
const COMMON: readonly string[] = ['format', 'provider', 'json'];

/**
 * Parses `argv` (without the node and script paths): the command's arguments, or the text to
 * print for `--help` and `--version`.
 * @throws {UsageError} on a usage mistake.
 */
export function parseCliArgs(argv: readonly string[]): CliArgs | string {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  } catch (error) {
    fail(errorMessageOf(error));
  }
  const { values } = parsed;
  if (values.help === true) return USAGE;
  if (values.version === true) return `${version()}\n`;
  const [command, input, ...rest] = parsed.positionals;
  const names = Object.keys(COMMANDS).join(', ');
  if (command === undefined) fail(`missing command: one of ${names}`);
  if (!Object.hasOwn(COMMANDS, command)) fail(`unknown command "${command}": use one of ${names}`);
  if (rest.length > 0) fail(`one input file at a time; unexpected "${rest.join(' ')}"`);
  const { options } = COMMANDS[command as Command];
  const args: Record<string, unknown> = { command, input };
  for (const [name, value] of Object.entries(values)) {
    const key = name.replace(/-(\w)/g, (_dash, letter: string) => letter.toUpperCase());
    if (!COMMON.includes(key) && !options.includes(key)) {
      const users = Object.entries(COMMANDS).filter(([, other]) => other.options.includes(key));
      fail(`--${name} is for ${users.map(([user]) => user).join(', ')}, not ${command}`);
    }
    const { read } = OPTIONS[name as keyof typeof OPTIONS] as { read?: string };
    args[key] = typeof value === 'string' ? readValue(name, read, value) : value;
  }
  const cliArgs = args as unknown as CliArgs;
  if (command === 'trim' && cliArgs.maxMessages === undefined && cliArgs.maxTokens === undefined)
    fail('trim needs a budget: --max-messages N, --max-tokens N, or both');
  if (command === 'convert' && cliArgs.to === undefined) fail('convert needs --to FORMAT');
  if (cliArgs.inPlace === true && cliArgs.output !== undefined)
    fail('use either -o FILE or --in-place, not both');
  if (cliArgs.inPlace === true && (input === undefined || input === '-'))
    fail('--in-place needs an input file, not stdin');
  return cliArgs;
}

/** An option's value as its kind reads it: a format, a provider, a whole number, or text. */
function readValue(name: string, read: string | undefined, value: string): string | number {
  const formats = MESSAGE_FORMATS.join(', ');
  if (read === 'format' && !isMessageFormat(value))
    fail(`--${name} "${value}" is not a format: use one of ${formats}`);
  if (read === 'provider' && !isChatHostName(value) && !isMessageFormat(value))
    fail(
      `--${name} "${value}" is not a provider: use a format (${formats}) or a Chat Completions host (${CHAT_HOST_NAMES.join(', ')})`,
    );
  if (read !== 'count') return value;
  if (!(/^\d+$/.test(value) && Number.isSafeInteger(Number(value))))
    fail(`--${name} needs a whole number, got "${value}"`);
  return Number(value);
}

function fail(message: string): never {
  throw new UsageError(message);
}
