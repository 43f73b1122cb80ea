/// <reference types="node" />
import { parseArgs } from 'node:util';
import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import { CHAT_HOST_NAMES, isChatHostName } from '../formats/index.js';
import type { ProviderName } from '../validate/provider-rules.js';

/** The CLI's commands. */
export const COMMANDS = ['check', 'fix', 'convert', 'trim', 'pairs'] as const;
/** One of {@link COMMANDS}. */
export type Command = (typeof COMMANDS)[number];

/** Parsed command-line arguments. */
export interface CliArgs {
  readonly command: Command;
  /** The input path; `undefined` (or `-`) reads stdin. */
  readonly input: string | undefined;
  readonly format: MessageFormat | undefined;
  readonly provider: ProviderName | undefined;
  /** `--model`: the model the request goes to, for rules only some models have. */
  readonly model: string | undefined;
  /** `--thinking`: extended thinking (Anthropic) or thinking mode (DeepSeek) is on. */
  readonly thinking: boolean;
  readonly to: MessageFormat | undefined;
  readonly output: string | undefined;
  readonly inPlace: boolean;
  readonly json: boolean;
  readonly maxMessages: number | undefined;
  readonly maxTokens: number | undefined;
  readonly keepFirstUser: boolean;
  readonly dropSystem: boolean;
}

/** What the arguments ask for: a command, help, the version, or a usage error. */
export type ParsedCli =
  | { readonly kind: 'run'; readonly args: CliArgs }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'error'; readonly message: string };

/** The `--help` text. */
export function usage(): string {
  return `Usage: aiwrapper-tool-calls <command> [file] [options]

Check, repair, convert, trim and inspect tool-call histories.

Commands:
  check               report every tool-call problem, in the provider's words
                      (exit 0: none, 1: issues found, 2: unreadable input)
  fix                 repair the history and write it (to -o FILE, or stdout)
  convert --to F      convert the history to format F
  trim                drop the oldest turns to fit a budget, keeping tool groups whole
  pairs               list every tool call with its result and status

Input: a file, or stdin when no file (or "-") is given. JSON: an array of messages,
or an object holding them under "messages", "input" or "contents". JSONL: one
conversation per line, or one message per line.

Options:
  --format F          the input format (default: detected per conversation)
  --provider P        check against provider P's rules (default: the format's own); also a
                      Chat Completions host: openai, deepseek, groq, qwen
  --model M           the model the request goes to, for rules only some models have
                      (Gemini 3 thought signatures, DeepSeek's reasoner) (check, fix)
  --thinking          extended thinking (Anthropic) or thinking mode (DeepSeek) is on (check, fix)
  --to F              the target format (convert)
  -o, --output FILE   write the result to FILE, atomically (fix, convert, trim)
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
`;
}

const FORMATS: ReadonlySet<string> = new Set(MESSAGE_FORMATS);

/** Parses `argv` (without the node and script paths) with `node:util` `parseArgs`. */
export function parseCliArgs(argv: readonly string[]): ParsedCli {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  const [command, input, ...rest] = positionals;
  if (command === undefined)
    return { kind: 'error', message: 'missing command: one of check, fix, convert, trim, pairs' };
  if (!isCommand(command))
    return {
      kind: 'error',
      message: `unknown command "${command}": use one of ${COMMANDS.join(', ')}`,
    };
  if (rest.length > 0)
    return { kind: 'error', message: `one input file at a time; unexpected "${rest.join(' ')}"` };

  const format = formatOption(values.format, '--format');
  const provider = providerOption(values.provider);
  const to = formatOption(values.to, '--to');
  const maxMessages = countOption(values['max-messages'], '--max-messages');
  const maxTokens = countOption(values['max-tokens'], '--max-tokens');
  for (const option of [format, provider, to, maxMessages, maxTokens])
    if (option.error !== undefined) return { kind: 'error', message: option.error };
  const inPlace = values['in-place'] === true;
  const output = typeof values.output === 'string' ? values.output : undefined;

  if (command === 'trim' && maxMessages.value === undefined && maxTokens.value === undefined)
    return {
      kind: 'error',
      message: 'trim needs a budget: --max-messages N, --max-tokens N, or both',
    };
  if (command === 'convert' && to.value === undefined)
    return { kind: 'error', message: 'convert needs --to FORMAT' };
  const writes = command === 'fix' || command === 'convert' || command === 'trim';
  if (!writes && (output !== undefined || inPlace))
    return {
      kind: 'error',
      message: `${command} writes no history; -o and --in-place are for fix, convert and trim`,
    };
  const model = typeof values.model === 'string' ? values.model : undefined;
  if (command !== 'check' && command !== 'fix' && (model !== undefined || values.thinking === true))
    return {
      kind: 'error',
      message: `${command} applies no provider rules; --model and --thinking are for check and fix`,
    };
  if (inPlace && output !== undefined)
    return { kind: 'error', message: 'use either -o FILE or --in-place, not both' };
  if (inPlace && (input === undefined || input === '-'))
    return { kind: 'error', message: '--in-place needs an input file, not stdin' };

  return {
    kind: 'run',
    args: {
      command,
      input,
      format: format.value,
      provider: provider.value,
      model,
      thinking: values.thinking === true,
      to: to.value,
      output,
      inPlace,
      json: values.json === true,
      maxMessages: maxMessages.value,
      maxTokens: maxTokens.value,
      keepFirstUser: values['keep-first-user'] === true,
      dropSystem: values['drop-system'] === true,
    },
  };
}

function parse(argv: readonly string[]): {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
} {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      provider: { type: 'string' },
      model: { type: 'string' },
      thinking: { type: 'boolean' },
      to: { type: 'string' },
      output: { type: 'string', short: 'o' },
      'in-place': { type: 'boolean' },
      json: { type: 'boolean' },
      'max-messages': { type: 'string' },
      'max-tokens': { type: 'string' },
      'keep-first-user': { type: 'boolean' },
      'drop-system': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}

function isCommand(value: string): value is Command {
  return (COMMANDS as readonly string[]).includes(value);
}

function formatOption(
  value: string | boolean | undefined,
  flag: string,
): { value: MessageFormat | undefined; error?: string } {
  if (typeof value !== 'string') return { value: undefined };
  if (!FORMATS.has(value))
    return {
      value: undefined,
      error: `${flag} "${value}" is not a format: use one of ${MESSAGE_FORMATS.join(', ')}`,
    };
  return { value: value as MessageFormat };
}

function providerOption(value: string | boolean | undefined): {
  value: ProviderName | undefined;
  error?: string;
} {
  if (typeof value !== 'string') return { value: undefined };
  if (isChatHostName(value)) return { value };
  const format = formatOption(value, '--provider');
  if (format.error === undefined) return format;
  return {
    value: undefined,
    error: `--provider "${value}" is not a provider: use a format (${MESSAGE_FORMATS.join(', ')}) or a Chat Completions host (${CHAT_HOST_NAMES.join(', ')})`,
  };
}

function countOption(
  value: string | boolean | undefined,
  flag: string,
): { value: number | undefined; error?: string } {
  if (typeof value !== 'string') return { value: undefined };
  const count = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(count))
    return { value: undefined, error: `${flag} needs a whole number, got "${value}"` };
  return { value: count };
}
