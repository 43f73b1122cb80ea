import type { MessageFormat } from '../core/format.js';
import type { HistoryIssue } from '../errors/history-issue.js';
import { convertHistory } from '../convert/convert-history.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { adapterFor, FORMAT_ADAPTERS, isChatHostName } from '../formats/index.js';
import { pairToolCalls } from '../pairs/pair-tool-calls.js';
import { repairHistory } from '../repair/repair-history.js';
import { trimHistory } from '../trim/trim-history.js';
import {
  validateHistory,
  type ProviderName,
  type ValidateHistoryOptions,
} from '../validate/validate-history.js';
import {
  readConversations,
  type Conversation,
  type UnreadableConversation,
} from './read-conversations.js';
import { detectFormat, type Input } from './read-input.js';
import type { CliArgs } from './run-cli.js';
import { runView } from './view-command.js';
import {
  errorMessageOf,
  escapeControl,
  escapeJsonUnsafe,
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
interface Formatted extends Conversation {
  readonly format: MessageFormat;
  readonly formatCertain: boolean;
}

/** The CLI's commands. */
export type Command = 'check' | 'fix' | 'convert' | 'trim' | 'pairs' | 'view';

/** Each command, by name, returning its exit code. */
export const COMMANDS: Readonly<Record<Command, (context: CommandContext) => Promise<number>>> = {
  check: runCheck,
  fix: runFix,
  convert: runConvert,
  trim: runTrim,
  pairs: runPairs,
  view: runView,
};

/** Computes (a throw makes it unreadable) and emits each conversation; returns the unreadable. */
async function eachConversation<R>(
  { args, input, io }: CommandContext,
  compute: (conversation: Formatted) => R,
  emit: (conversation: Formatted, result: R) => Promise<void>,
  allOrNothing = false,
): Promise<UnreadableConversation[]> {
  const unreadable: UnreadableConversation[] = [];
  const progress = createProgressReporter(io.stderr, { totalBytes: input.size });
  let count = 0;
  try {
    for await (const record of readConversations(input.chunks, io.maxLineLength)) {
      let problem = record.kind === 'unreadable' ? record : undefined;
      if (record.kind === 'conversation' && !(allOrNothing && unreadable.length > 0)) {
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
          problem = { ...record, kind: 'unreadable', column: undefined, reason };
        }
        if (computed !== undefined) await emit(conversation, computed[0]);
      }
      if (problem !== undefined) {
        unreadable.push(problem);
        const where = locationOf(input, problem, problem.column);
        await writeOut(io.stderr, terminalLine(`${where}: ${problem.reason}`));
      }
      progress.update(++count, input.bytesRead());
    }
  } finally {
    progress.done();
  }
  return unreadable;
}

/** Runs a writing command all or nothing: one unreadable conversation drops the output (exit 2). */
async function transform<R>(
  context: CommandContext,
  compute: (conversation: Formatted) => R,
  emit: (conversation: Formatted, result: R, sink: HistorySink) => Promise<readonly string[]>,
  summary?: () => string,
): Promise<0 | 2> {
  const sink = await openHistorySink(context.args, context.input, context.io);
  const report = async (conversation: Formatted, result: R): Promise<void> => {
    const texts = await emit(conversation, result, sink);
    if (texts.length > 0) await writeOut(sink.reports, lines(texts));
  };
  try {
    if ((await eachConversation(context, compute, report, true)).length > 0) {
      await sink.abort();
      return 2;
    }
    await sink.commit();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  if (summary !== undefined && !context.args.json)
    await writeOut(sink.reports, terminalLine(summary()));
  return 0;
}

/** Each item as a JSON object with `fields` (`--json`), else `where: ` and its description. */
function entries<T extends object>(
  context: CommandContext,
  conversation: Formatted,
  items: readonly T[],
  fields: object,
  describe: (item: T, array: string) => string,
): string[] {
  const { number, line } = conversation;
  if (context.args.json)
    return items.map((item) => jsonText({ conversation: number, line, ...fields, ...item }));
  const where = locationOf(context.input, conversation);
  const array = conversation.container?.key ?? adapterFor(conversation.format).messagesKey;
  return items.map((item) => escapeControl(`${where}: ${describe(item, array)}`));
}

/** `messages[4], part 1, call "x": the message [code]`. */
function describe(
  array: string,
  at: { readonly messageIndex: number; readonly partIndex?: number | undefined },
  ids: readonly (string | undefined)[],
  message: string,
  code: string,
): string {
  const part = at.partIndex === undefined ? '' : `, part ${at.partIndex}`;
  const quoted = ids.filter((id) => id !== undefined).map((id) => JSON.stringify(id));
  const calls =
    quoted.length === 0 ? '' : `, ${quoted.length === 1 ? 'call' : 'calls'} ${quoted.join(', ')}`;
  return `${array}[${at.messageIndex}]${part}${calls}: ${message} [${code}]`;
}

function describeIssue(issue: HistoryIssue, array: string): string {
  const ids =
    'toolCallId' in issue ? [issue.toolCallId] : 'toolCallIds' in issue ? issue.toolCallIds : [];
  return describe(array, issue, ids, issue.message, issue.code);
}

const lines = (texts: readonly string[]): string => texts.map((text) => `${text}\n`).join('');

function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
}

type RuleFlags = Pick<ValidateHistoryOptions, 'model' | 'thinking'>;

/** The rules to check `format` by: `provider`'s when given (of the same wire shape), else its own. */
export function rulesFor(
  format: MessageFormat,
  provider: ProviderName | undefined,
  { model, thinking }: RuleFlags = {},
): ValidateHistoryOptions {
  if (provider === undefined || provider === format) return { format, model, thinking };
  const host = isChatHostName(provider) ? provider : undefined;
  const rules = isChatHostName(provider) ? 'openai-chat' : provider;
  if (FORMAT_ADAPTERS[format].wireShape !== FORMAT_ADAPTERS[rules].wireShape)
    throw new ToolHistoryError(
      'invalid-input',
      `--provider ${provider} checks ${rules} messages, but this conversation is ${format}; convert it first (convert --to ${rules}), or pass --format if the detection is wrong`,
    );
  return { format: rules, provider: host, model, thinking };
}

/** The rules for what `fix` left: {@link rulesFor}, or the format's own for another shape. */
export function leftoverRulesFor(
  format: MessageFormat,
  provider: ProviderName | undefined,
  flags: RuleFlags = {},
): ValidateHistoryOptions {
  try {
    return rulesFor(format, provider, flags);
  } catch {
    return { format, model: flags.model, thinking: flags.thinking };
  }
}

/** `check`: every issue, then a summary (`--json`: `{ file, issues, unreadable, summary }`). */
async function runCheck(context: CommandContext): Promise<number> {
  const { io, input, args } = context;
  const formats = new Map<string, number>();
  const certain = new Set<string>();
  let conversations = 0;
  let withIssues = 0;
  let issueCount = 0;
  if (args.json) await writeOut(io.stdout, `{"file":${jsonText(input.name)},"issues":[`);
  const unreadable = await eachConversation(
    context,
    ({ format, messages }) => {
      const rules = rulesFor(format, args.provider, args);
      return { rules, issues: validateHistory(messages, rules).issues };
    },
    async (conversation, { rules, issues }) => {
      const { format } = conversation;
      conversations++;
      formats.set(format, (formats.get(format) ?? 0) + 1);
      if (conversation.formatCertain) certain.add(format);
      if (issues.length === 0) return;
      withIssues++;
      const provider = rules.provider ?? rules.format;
      const found = entries(context, conversation, issues, { format, provider }, describeIssue);
      await writeOut(
        io.stdout,
        args.json
          ? found.map((entry, index) => `${issueCount + index === 0 ? '' : ','}\n${entry}`).join('')
          : lines(found),
      );
      issueCount += issues.length;
    },
  );
  if (args.json) {
    const summary = {
      conversations,
      conversationsWithIssues: withIssues,
      issues: issueCount,
      unreadable: unreadable.length,
      formats: Object.fromEntries(formats),
    };
    const records = escapeJsonUnsafe(
      JSON.stringify(unreadable, ['number', 'line', 'column', 'reason']),
    );
    await writeOut(
      io.stdout,
      `${issueCount === 0 ? '' : '\n'}],"unreadable":${records},"summary":${JSON.stringify(summary)}}\n`,
    );
  } else if (conversations > 0 || unreadable.length === 0) {
    const found =
      issueCount === 0 ? 'no issues in' : `${plural(issueCount, 'issue')} in ${withIssues} of`;
    const unreadableNote = unreadable.length === 0 ? '' : `, ${unreadable.length} unreadable`;
    const label = (format: string): string => (certain.has(format) ? format : `${format}, guessed`);
    const formatList =
      formats.size === 0
        ? 'no conversations'
        : formats.size === 1
          ? [...formats.keys()].map(label).join('')
          : [...formats].map(([format, count]) => `${label(format)}: ${count}`).join(', ');
    await writeOut(
      io.stdout,
      terminalLine(
        `${input.name}: ${found} ${plural(conversations, 'conversation')}${unreadableNote} (${formatList})`,
      ),
    );
  }
  if (unreadable.length > 0) return 2;
  return issueCount > 0 ? 1 : 0;
}

/** `fix`: repairs, writes back and prints each fix and what is left (exit 1 when anything is). */
async function runFix(context: CommandContext): Promise<number> {
  const { args, input } = context;
  let conversations = 0;
  let fixed = 0;
  let fixCount = 0;
  let unfixable = 0;
  const code = await transform(
    context,
    ({ format, messages }) =>
      repairHistory(messages, {
        format,
        provider: args.provider ?? format,
        model: args.model,
        thinking: args.thinking,
      }),
    async (conversation, { messages, fixes }, output) => {
      conversations++;
      await output.writeMessages(conversation, messages);
      if (fixes.length > 0) fixed++;
      fixCount += fixes.length;
      const { format } = conversation;
      const { issues } = validateHistory(messages, leftoverRulesFor(format, args.provider, args));
      unfixable += issues.length;
      return [
        ...entries(context, conversation, fixes, { format }, (fix, array) =>
          describe(array, { messageIndex: fix.messageIndex }, [fix.callId], fix.message, fix.kind),
        ),
        ...entries(
          context,
          conversation,
          issues,
          { format, unfixed: true },
          (issue, array) => `not fixed: ${describeIssue(issue, array)}`,
        ),
      ];
    },
    () => {
      const target = args.inPlace ? input.name : (args.output ?? 'stdout');
      const left =
        unfixable === 0 ? '' : `; ${plural(unfixable, 'issue')} left that the repair cannot fix`;
      return `${input.name}: ${plural(fixCount, 'fix', 'fixes')} in ${fixed} of ${plural(conversations, 'conversation')}${left}; wrote ${target}`;
    },
  );
  return code === 0 && unfixable > 0 ? 1 : code;
}

/** `convert --to FORMAT`: converts, moving the system prompt where the target keeps it. */
async function runConvert(context: CommandContext): Promise<number> {
  const { args, input } = context;
  const to = args.to ?? 'openai-chat';
  let warningCount = 0;
  let conversations = 0;
  return transform(
    context,
    (conversation) => convert(conversation, to),
    async (conversation, { value, warnings }, output) => {
      conversations++;
      await output.write(conversation, value);
      warningCount += warnings.length;
      return entries(context, conversation, warnings, { from: conversation.format }, (w, array) =>
        describe(array, w, [w.callId], w.message, w.code),
      );
    },
    () =>
      `${input.name}: converted ${plural(conversations, 'conversation')} to ${to}, ${plural(warningCount, 'warning')}`,
  );
}

const SYSTEM_FIELDS = ['system', 'systemInstruction', 'instructions'] as const;

/** The converted conversation (a bare array, or its object) and the conversion's warnings. */
function convert(conversation: Formatted, to: MessageFormat) {
  const { format: from, container } = conversation;
  const result = convertHistory(conversation.messages, { from, to });
  let messages: readonly unknown[] = result.messages;
  const extra: Record<string, unknown> = {};
  const outOfBand = (converted: object): void => {
    for (const field of SYSTEM_FIELDS) {
      const value: unknown = (converted as Record<string, unknown>)[field];
      if (value !== undefined) extra[field] = value;
    }
  };
  outOfBand(result);
  // A system prompt outside the messages goes in band or out of band as the target keeps it.
  const field = adapterFor(from).systemField;
  let rest = container?.value;
  if (container !== undefined && field !== undefined && container.value[field] !== undefined) {
    rest = without(container.value, field);
    const system = adapterFor(from).read([], { [field]: container.value[field] }).messages[0];
    if (system?.role === 'system') {
      const converted = convertHistory([{ role: 'system', content: system.text }], {
        from: 'openai-chat',
        to,
      });
      messages = [...converted.messages, ...messages];
      outOfBand(converted);
    }
  }
  const key = adapterFor(to).messagesKey;
  const { warnings } = result;
  if (container === undefined || rest === undefined) {
    const value = Object.keys(extra).length === 0 ? messages : { ...extra, [key]: messages };
    return { value, warnings };
  }
  const kept = key === container.key ? rest : without(rest, container.key);
  return { value: { ...kept, ...extra, [key]: messages }, warnings };
}

function without(record: Readonly<Record<string, unknown>>, name: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== name));
}

/** `trim`: drops the oldest turns to fit the budget and reports each conversation that lost some. */
async function runTrim(context: CommandContext): Promise<number> {
  const { args } = context;
  return transform(
    context,
    ({ format, messages }) =>
      trimHistory(messages, {
        format,
        maxMessages: args.maxMessages,
        maxTokens: args.maxTokens,
        keep: { system: !args.dropSystem, firstUserMessage: args.keepFirstUser },
      }),
    async (conversation, { messages, dropped: records, tokens, overBudget }, output) => {
      await output.writeMessages(conversation, messages);
      const dropped = records.map((entry) => entry.index);
      if (!args.json && dropped.length === 0 && !overBudget) return [];
      const report = { kept: messages.length, dropped, tokens, overBudget };
      return entries(
        context,
        conversation,
        [report],
        { format: conversation.format },
        (_, array) => {
          const over = overBudget
            ? '; over budget: the newest turn group alone exceeds it and was kept whole'
            : '';
          const which = dropped.length === 0 ? '' : ` (${array}${describeIndexes(dropped)})`;
          return `dropped ${plural(dropped.length, 'message')}${which}, kept ${messages.length}, ~${tokens} tokens${over}`;
        },
      );
    },
  );
}

/** `[0..11]`, `[3]`, or `[0..3, 5..9]` for indexes in ascending order. */
function describeIndexes(indexes: readonly number[]): string {
  const ranges: [number, number][] = [];
  for (const index of indexes) {
    const last = ranges.at(-1);
    if (last !== undefined && index === last[1] + 1) last[1] = index;
    else ranges.push([index, index]);
  }
  return `[${ranges.map(([start, end]) => (start === end ? `${start}` : `${start}..${end}`)).join(', ')}]`;
}

/** `pairs`: every call with its status and places, then the unclaimed results. */
async function runPairs(context: CommandContext): Promise<number> {
  const { args, io, input } = context;
  const unreadable = await eachConversation(
    context,
    ({ format, messages }) => pairToolCalls(messages, { format }),
    async (conversation, pairing) => {
      const { number, line, format } = conversation;
      if (args.json)
        return writeOut(
          io.stdout,
          `${jsonText({ conversation: number, line, format, ...pairing })}\n`,
        );
      const array = conversation.container?.key ?? adapterFor(format).messagesKey;
      const { pairs, unpaired } = pairing;
      const unpairedNote =
        unpaired.length === 0 ? '' : `, ${plural(unpaired.length, 'unpaired result')}`;
      const texts = [
        `${locationOf(input, conversation)} (${format}): ${plural(pairs.length, 'call')}${unpairedNote}`,
        ...pairs.map((pair) => {
          const result =
            pair.result === undefined
              ? 'no result'
              : `result ${array}[${pair.result.messageIndex}]`;
          return `  turn ${pair.turn}  ${pair.status.padEnd(7)}  ${pair.name} ${JSON.stringify(pair.callId)}  call ${array}[${pair.callMessageIndex}] -> ${result}`;
        }),
        ...unpaired.map(
          (result) =>
            `  unpaired result ${JSON.stringify(result.callId)} at ${array}[${result.messageIndex}]: no call of its turn has this id`,
        ),
      ];
      await writeOut(io.stdout, texts.map(terminalLine).join(''));
    },
  );
  return unreadable.length > 0 ? 2 : 0;
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
