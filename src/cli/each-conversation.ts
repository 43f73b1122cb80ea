// What every command shares: reading each conversation in order, writing a history back,
// reporting issues, fixes and warnings, and a progress line.
import type { MessageFormat } from '../core/format.js';
import type { ConversionWarning } from '../core/history.js';
import type { HistoryIssue } from '../errors/history-issue.js';
import type { HistoryFix } from '../repair/history-fix.js';
import { adapterFor } from '../formats/index.js';
import {
  readConversations,
  type Conversation,
  type UnreadableConversation,
} from './read-conversations.js';
import { detectFormat, type Input } from './read-input.js';
import type { CliArgs } from './run-cli.js';
import {
  errorMessageOf,
  escapeControl,
  jsonText,
  locationOf,
  openHistorySink,
  terminalLine,
  writeOut,
  type CliIo,
  type HistorySink,
  type OutputStream,
} from './write-output.js';

/** What every command runs with. */
export interface CommandContext {
  readonly args: CliArgs;
  readonly io: CliIo;
  readonly input: Input;
}

/** A conversation with its format: given with `--format` or proved (certain), else guessed. */
export interface Formatted extends Conversation {
  readonly format: MessageFormat;
  readonly formatCertain: boolean;
}

/**
 * Computes (a throw makes it unreadable) and emits each conversation, in input order; hands each
 * unreadable one to `skip` in its place. Returns the unreadable.
 */
export async function eachConversation<R>(
  { args, input, io }: CommandContext,
  compute: (conversation: Formatted) => R,
  emit: (conversation: Formatted, result: R) => Promise<void>,
  skip?: (problem: UnreadableConversation) => Promise<void>,
): Promise<UnreadableConversation[]> {
  const unreadable: UnreadableConversation[] = [];
  const progress = createProgressReporter(io.stderr, { totalBytes: input.size });
  let count = 0;
  try {
    for await (const record of readConversations(input.chunks, io.maxLineLength)) {
      let problem = record.kind === 'unreadable' ? record : undefined;
      if (record.kind === 'conversation') {
        const { format, certain } =
          args.format === undefined
            ? detectFormat(record.messages, record.container?.key)
            : { format: args.format, certain: true };
        const conversation = { ...record, format, formatCertain: certain };
        let computed: [R] | undefined;
        try {
          computed = [compute(conversation)];
        } catch (error) {
          const reason = errorMessageOf(error);
          const text = record.layout === 'jsonl' ? record.source.document.text : undefined;
          problem = { ...record, kind: 'unreadable', column: undefined, reason, text };
        }
        if (computed !== undefined) await emit(conversation, computed[0]);
      }
      if (problem !== undefined) {
        unreadable.push(problem);
        const where = locationOf(input, problem, problem.column);
        await writeOut(io.stderr, terminalLine(`${where}: ${problem.reason}`));
        await skip?.(problem);
      }
      progress.update(++count, input.bytesRead());
    }
  } finally {
    progress.done();
  }
  return unreadable;
}

/**
 * Runs a writing command over every conversation. An unreadable JSONL line is written back as it
 * was; one that cannot be (a whole document, a line too long to hold) leaves a file target
 * untouched. Exit 2 when anything was unreadable; `summary` gets what was written.
 */
export async function transform<R>(
  context: CommandContext,
  compute: (conversation: Formatted) => R,
  emit: (conversation: Formatted, result: R, sink: HistorySink) => Promise<readonly string[]>,
  summary?: (written: string) => string,
): Promise<0 | 2> {
  const { args, input } = context;
  const sink = await openHistorySink(args, input, context.io);
  const report = async (conversation: Formatted, result: R): Promise<void> => {
    const texts = await emit(conversation, result, sink);
    if (texts.length > 0) await writeOut(sink.reports, lines(texts));
  };
  const target = sink.path ?? 'stdout';
  let copied = 0;
  let lost = 0;
  const skip = async (problem: UnreadableConversation): Promise<void> => {
    if (problem.text === undefined) lost++;
    else if (lost === 0 || target === 'stdout') {
      await sink.passThrough(problem.text);
      copied++;
    }
  };
  try {
    await eachConversation(context, compute, report, skip);
    if (lost > 0 && target !== 'stdout') await sink.abort();
    else await sink.commit();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  const copies = copied === 0 ? '' : `, ${plural(copied, 'unreadable line')} copied unchanged`;
  const written =
    lost === 0
      ? `wrote ${target}${copies}`
      : target === 'stdout'
        ? `wrote stdout without ${plural(lost, 'unreadable conversation')}${copies}`
        : `wrote nothing: ${plural(lost, 'unreadable conversation')} cannot be copied unchanged`;
  if (!args.json && (summary !== undefined || copied + lost > 0))
    await writeOut(
      sink.reports,
      terminalLine(summary === undefined ? `${input.name}: ${written}` : summary(written)),
    );
  return copied + lost > 0 ? 2 : 0;
}

/** Each item as a JSON object with `fields` (`--json`), else `where: ` and its description. */
export function entries<T extends object>(
  context: CommandContext,
  conversation: Formatted,
  items: readonly T[],
  fields: object,
  describe: (item: T, array: string) => string,
): string[] {
  const { number, line } = conversation;
  if (context.args.json)
    return items.map((item) =>
      jsonText({ conversation: number, line, ...fields, ...withToolCallIds(item) }),
    );
  const where = locationOf(context.input, conversation);
  const array = conversation.container?.key ?? adapterFor(conversation.format).messagesKey;
  return items.map((item) => escapeControl(`${where}: ${describe(item, array)}`));
}

const ID_KEYS = ['toolCallId', 'toolCallIds', 'callId'];

/** The calls an issue, fix or warning concerns: its `toolCallId`, `callId` and `toolCallIds`. */
function toolCallIdsOf(item: object): string[] {
  const { toolCallId, toolCallIds, callId } = item as Record<string, unknown>;
  const many: readonly unknown[] = Array.isArray(toolCallIds) ? toolCallIds : [];
  return [toolCallId, callId, ...many].filter((id) => typeof id === 'string');
}

/** An issue, fix or warning for `--json`: the calls it concerns as `toolCallIds`, always an array. */
function withToolCallIds(item: object): object {
  if (!['code', 'kind', ...ID_KEYS].some((key) => key in item)) return item;
  const rest = Object.entries(item).filter(([key]) => !ID_KEYS.includes(key));
  return { ...Object.fromEntries(rest), toolCallIds: toolCallIdsOf(item) };
}

/** `messages[4], part 1, call "x": the message [code]` for an issue, fix or warning. */
export function describe(
  array: string,
  item: HistoryIssue | HistoryFix | ConversionWarning,
): string {
  const part =
    'partIndex' in item && item.partIndex !== undefined ? `, part ${item.partIndex}` : '';
  const quoted = toolCallIdsOf(item).map((id) => JSON.stringify(id));
  const calls =
    quoted.length === 0 ? '' : `, ${quoted.length === 1 ? 'call' : 'calls'} ${quoted.join(', ')}`;
  const code = 'kind' in item ? item.kind : item.code;
  return `${array}[${item.messageIndex}]${part}${calls}: ${item.message} [${code}]`;
}

/** Each text as a line. */
export const lines = (texts: readonly string[]): string =>
  texts.map((text) => `${text}\n`).join('');

/** `1 fix`, `2 fixes`, `1,000 conversations`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
}

/** A progress line on a terminal, redrawn every `intervalMs` from `threshold` conversations on. */
export function createProgressReporter(
  stream: Pick<OutputStream, 'isTTY'> & { write(text: string): unknown },
  options: {
    readonly totalBytes?: number | undefined;
    readonly threshold?: number | undefined;
    readonly intervalMs?: number | undefined;
    readonly now?: (() => number) | undefined;
  } = {},
): { update(conversations: number, bytes: number): void; done(): void } {
  const { totalBytes, threshold = 1000, intervalMs = 200, now = Date.now } = options;
  let shown = false;
  let last = 0;
  return {
    update(conversations, bytes) {
      if (stream.isTTY !== true || conversations < threshold) return;
      if (shown && now() - last < intervalMs) return;
      last = now();
      shown = true;
      const percent =
        totalBytes !== undefined && totalBytes > 0
          ? ` (${String(Math.min(100, Math.floor((bytes / totalBytes) * 100)))}%)`
          : '';
      stream.write(
        `\r\x1b[K${conversations.toLocaleString('en-US')} conversations, ${(bytes / 1_048_576).toFixed(1)} MB${percent}`,
      );
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
