import type { MessageFormat } from '../core/format.js';
import { convertHistory } from '../convert/convert-history.js';
import { adapterFor, FORMAT_ADAPTERS, isChatHostName } from '../formats/index.js';
import { pairToolCalls } from '../pairs/pair-tool-calls.js';
import { repairHistory } from '../repair/repair-history.js';
import { trimHistory } from '../trim/trim-history.js';
import { validateHistory, type ProviderName } from '../validate/validate-history.js';
import {
  escapeJsonUnsafe,
  jsonText,
  locationOf,
  openTarget,
  terminalLine,
  writeOut,
} from './write-output.js';
import {
  describe,
  eachConversation,
  entries,
  lines,
  plural,
  transform,
  type CommandContext,
  type Formatted,
} from './each-conversation.js';
import type { Place } from './read-conversations.js';
import { conversationView } from '../view/conversation-view.js';
import { viewPageParts } from '../view/render-history-html.js';

/** The CLI's commands. */
export type Command = 'check' | 'fix' | 'convert' | 'trim' | 'pairs' | 'view';

interface CommandEntry {
  readonly options: readonly string[];
  run(context: CommandContext): Promise<number>;
}

/** Each command: the options it takes besides `--format`, `--provider` and `--json`, and its run. */
export const COMMANDS: Readonly<Record<Command, CommandEntry>> = {
  check: { options: ['model', 'thinking'], run: runCheck },
  fix: { options: ['model', 'thinking', 'output', 'inPlace'], run: runFix },
  convert: { options: ['to', 'repair', 'output', 'inPlace'], run: runConvert },
  trim: {
    options: ['maxMessages', 'maxTokens', 'keepFirstUser', 'dropSystem', 'output', 'inPlace'],
    run: runTrim,
  },
  pairs: { options: [], run: runPairs },
  view: { options: ['model', 'thinking', 'output'], run: runView },
};

/** Whether `provider`'s rules read `format`'s wire shape (Mistral's read Chat Completions). */
const readsShapeOf = (format: MessageFormat, provider: ProviderName | undefined): boolean =>
  provider === undefined ||
  FORMAT_ADAPTERS[format].wireShape ===
    FORMAT_ADAPTERS[isChatHostName(provider) ? 'openai-chat' : provider].wireShape;

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
      const { provider, model, thinking } = args;
      return validateHistory(messages, { format, provider, model, thinking }).issues;
    },
    async (conversation, issues) => {
      const { format } = conversation;
      conversations++;
      formats.set(format, (formats.get(format) ?? 0) + 1);
      if (conversation.formatCertain) certain.add(format);
      if (issues.length === 0) return;
      withIssues++;
      const provider = args.provider ?? format;
      const found = entries(context, conversation, issues, { format, provider }, (issue, array) =>
        describe(array, issue),
      );
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
    const counts = [...formats].map(([format, count]) =>
      formats.size === 1 ? label(format) : `${label(format)}: ${count}`,
    );
    const formatList = formats.size === 0 ? 'no conversations' : counts.join(', ');
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
      // A provider of another shape repaired by its profile; the format's own rules check the rest.
      const provider = readsShapeOf(format, args.provider) ? args.provider : undefined;
      const rules = { format, provider, model: args.model, thinking: args.thinking };
      const { issues } = validateHistory(messages, rules);
      unfixable += issues.length;
      return [
        ...entries(context, conversation, fixes, { format }, (fix, array) =>
          describe(array, { ...fix, partIndex: undefined }),
        ),
        ...entries(
          context,
          conversation,
          issues,
          { format, unfixed: true },
          (issue, array) => `not fixed: ${describe(array, issue)}`,
        ),
      ];
    },
    (written) => {
      const left =
        unfixable === 0 ? '' : `; ${plural(unfixable, 'issue')} left that the repair cannot fix`;
      return `${input.name}: ${plural(fixCount, 'fix', 'fixes')} in ${fixed} of ${plural(conversations, 'conversation')}${left}; ${written}`;
    },
  );
  return code === 0 && unfixable > 0 ? 1 : code;
}

/**
 * `convert --to FORMAT`: converts (after repairing, with `--repair`), moving the system prompt
 * where the target keeps it, then validates the output for the target: exit 1 when it refuses it.
 */
async function runConvert(context: CommandContext): Promise<number> {
  const { args, input } = context;
  const to = args.to ?? 'openai-chat';
  let warningCount = 0;
  let conversations = 0;
  let fixCount = 0;
  let refused = 0;
  const array = adapterFor(to).messagesKey;
  const code = await transform(
    context,
    (conversation) => {
      const { messages, fixes } = args.repair
        ? repairHistory(conversation.messages, { format: conversation.format })
        : { messages: conversation.messages, fixes: [] };
      const converted = convert({ ...conversation, messages }, to);
      const { issues } = validateHistory(converted.messages, { format: to });
      return { ...converted, fixes, issues };
    },
    async (conversation, { value, warnings, fixes, issues }, output) => {
      conversations++;
      await output.write(conversation, value);
      warningCount += warnings.length;
      fixCount += fixes.length;
      refused += issues.length;
      const { format: from } = conversation;
      return [
        ...entries(context, conversation, fixes, { from }, (fix, input) => describe(input, fix)),
        ...entries(context, conversation, warnings, { from }, (w, input) => describe(input, w)),
        ...entries(
          context,
          conversation,
          issues,
          { from, refusedBy: to },
          (issue) => `the ${to} output is refused: ${describe(array, issue)}`,
        ),
      ];
    },
    (written) => {
      const repaired = args.repair === true ? `${plural(fixCount, 'fix', 'fixes')}, ` : '';
      const left =
        refused === 0
          ? ''
          : `; ${plural(refused, 'issue')} its ${to} validator refuses${args.repair === true ? '' : ' (--repair repairs first)'}`;
      return `${input.name}: converted ${plural(conversations, 'conversation')} to ${to}, ${repaired}${plural(warningCount, 'warning')}${left}; ${written}`;
    },
  );
  return code === 0 && refused > 0 ? 1 : code;
}

const SYSTEM_FIELDS = ['system', 'systemInstruction', 'instructions'] as const;

/** The converted conversation (a bare array, or its object), its messages, and the warnings. */
function convert(conversation: Formatted, to: MessageFormat) {
  const { format: from, container } = conversation;
  const field = adapterFor(from).systemField;
  const held = field === undefined ? undefined : container?.value[field];
  // A system prompt outside the messages goes in band or out of band as the target keeps it.
  const system =
    held === undefined ? undefined : adapterFor(from).read([], { [field ?? '']: held });
  const first = system?.messages[0];
  const prompt =
    first?.role === 'system'
      ? convertHistory([{ role: 'system', content: first.text }], { from: 'openai-chat', to })
      : undefined;
  const result = convertHistory(conversation.messages, { from, to });
  const messages: readonly unknown[] = [...(prompt?.messages ?? []), ...result.messages];
  const extra: Record<string, unknown> = {};
  for (const converted of [result, prompt ?? {}])
    for (const name of SYSTEM_FIELDS) {
      const value: unknown = (converted as Record<string, unknown>)[name];
      if (value !== undefined) extra[name] = value;
    }
  const key = adapterFor(to).messagesKey;
  const { warnings } = result;
  if (container === undefined) {
    const value = Object.keys(extra).length === 0 ? messages : { ...extra, [key]: messages };
    return { value, messages, warnings };
  }
  // The other fields stay in place, and so does the messages key when the target's is the same.
  const kept = Object.entries(container.value).filter(
    ([name]) => name !== field && (name !== container.key || name === key),
  );
  return { value: { ...Object.fromEntries(kept), ...extra, [key]: messages }, messages, warnings };
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

/** `view`: one self-contained HTML page of every conversation, the unreadable with their reason. */
async function runView(context: CommandContext): Promise<number> {
  const { args, io, input } = context;
  const page = viewPageParts({ title: `${input.name}: tool-call history` });
  const target = await openTarget(args, input, io);
  const title = ({ number, layout, line }: Place): string =>
    `#${String(number)}${layout === 'jsonl' ? ` (line ${String(line)})` : ''}`;
  let count = 0;
  let unreadable: readonly unknown[] = [];
  try {
    await target.write(page.head);
    unreadable = await eachConversation(
      context,
      ({ messages, format, ...place }) =>
        conversationView(messages, { ...args, title: title(place), format }),
      async (_, view) => {
        count++;
        await target.write(page.conversation(view));
      },
      async (problem) => {
        count++;
        const view = conversationView([], { title: title(problem), format: args.format });
        await target.write(page.conversation({ ...view, error: problem.reason }));
      },
    );
    await target.write(page.tail());
    await target.commit();
  } catch (error) {
    await target.abort();
    throw error;
  }
  if (target.path !== undefined)
    await writeOut(
      io.stdout,
      terminalLine(
        `${input.name}: wrote the view of ${String(count)} conversations to ${target.path}`,
      ),
    );
  return unreadable.length > 0 ? 2 : 0;
}
