import { assertNever } from '../core/assert-never.js';
import type { MessageFormat } from '../core/format.js';
import { type CliIo, writeOut, terminalLine } from './cli-io.js';
import { detectFormat } from './detect-format.js';
import type { Input } from './open-input.js';
import type { CliArgs } from './parse-cli-args.js';
import { createProgressReporter } from './progress-reporter.js';
import {
  readConversations,
  type Conversation,
  type InputLayout,
  type UnreadableConversation,
} from './read-conversations.js';

/** What every command runs with. */
export interface CommandContext {
  readonly args: CliArgs;
  readonly io: CliIo;
  readonly input: Input;
}

/** A conversation with the format it is in: given with `--format`, else detected. */
export interface FormattedConversation extends Conversation {
  readonly format: MessageFormat;
  /** True when the format was given or the messages proved it. */
  readonly formatCertain: boolean;
}

/** Receives each conversation, or each unreadable one, in input order. */
export interface ConversationVisitor {
  conversation(conversation: FormattedConversation): Promise<void> | void;
  unreadable(record: UnreadableConversation): Promise<void> | void;
}

/**
 * Streams the input's conversations to `visitor` one at a time (never the whole input in
 * memory for JSONL), with a progress line on a terminal stderr for large inputs.
 */
export async function forEachConversation(
  context: CommandContext,
  visitor: ConversationVisitor,
): Promise<void> {
  const { args, input, io } = context;
  const progress = createProgressReporter(io.stderr, { totalBytes: input.size });
  let count = 0;
  try {
    for await (const record of readConversations(input.chunks, {
      maxLength: io.maxLineLength,
    })) {
      if (record.kind === 'unreadable') await visitor.unreadable(record);
      else {
        const detected =
          args.format === undefined
            ? detectFormat(record.messages, record.container?.key)
            : { format: args.format, certain: true };
        await visitor.conversation({
          ...record,
          format: detected.format,
          formatCertain: detected.certain,
        });
      }
      progress.update(++count, input.bytesRead());
    }
  } finally {
    progress.done();
  }
}

/**
 * Where a conversation is, for messages: `file` for a single JSON conversation, else
 * `file:line: conversation N` (JSONL) or `file: conversation N` (a JSON array of them); with a
 * column, `file:line:column`.
 */
export function locationOf(
  input: Input,
  record: { readonly number: number; readonly line: number; readonly layout: InputLayout },
  column?: number,
): string {
  const lineAndColumn = column === undefined ? '' : `:${record.line}:${column}`;
  switch (record.layout) {
    case 'json':
      return `${input.name}${lineAndColumn}`;
    case 'json-array':
      return `${input.name}${lineAndColumn}: conversation ${record.number}`;
    case 'jsonl':
      return `${input.name}${lineAndColumn || `:${record.line}`}: conversation ${record.number}`;
    case 'jsonl-messages':
      return `${input.name}${lineAndColumn || `:${record.line}`}`;
    default:
      return assertNever(record.layout, 'input layout');
  }
}

/** The name of the array messages sit in, for `messages[4]`-style references. */
export function arrayNameOf(conversation: FormattedConversation): string {
  if (conversation.container !== undefined) return conversation.container.key;
  switch (conversation.format) {
    case 'openai-responses':
      return 'input';
    case 'gemini':
      return 'contents';
    default:
      return 'messages';
  }
}

/** The message of an error thrown while handling a conversation, for one line of output. */
export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `1 issue`, `2 issues` (or the given plural form). */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
}

/**
 * `openai-chat`, or `openai-chat: 3, anthropic: 1`; a format no conversation proved (plain text
 * turns only) is marked `guessed`. `no conversations` when empty.
 */
export function formatsSummary(
  formats: ReadonlyMap<string, number>,
  certain: ReadonlySet<string>,
): string {
  if (formats.size === 0) return 'no conversations';
  const label = (format: string): string => (certain.has(format) ? format : `${format}, guessed`);
  if (formats.size === 1) return [...formats.keys()].map(label).join('');
  return [...formats].map(([format, count]) => `${label(format)}: ${count}`).join(', ');
}

/** Prints an unreadable conversation on stderr: where it is (line and column when known) and why. */
export async function reportUnreadable(
  context: CommandContext,
  record: UnreadableConversation,
): Promise<void> {
  await writeOut(
    context.io.stderr,
    terminalLine(`${locationOf(context.input, record, record.column)}: ${record.reason}`),
  );
}
