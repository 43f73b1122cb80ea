import { trimHistory, type TrimResult } from '../trim/trim-history.js';
import { writeOut, jsonText, terminalLine } from './cli-io.js';
import { arrayNameOf, locationOf, type CommandContext, plural } from './command-context.js';
import { transformConversations } from './history-sink.js';

/**
 * `trim`: drops the oldest turns of each conversation to fit `--max-messages` / `--max-tokens`,
 * keeping every tool call turn with its results, and writes the kept history. Reports each
 * conversation that lost messages (one JSON object per line with `--json`).
 *
 * Exit code: 0, or 2 when a conversation cannot be read (then no output file is written).
 */
export async function runTrim(context: CommandContext): Promise<number> {
  const { args, input } = context;
  const sink = await transformConversations(context, {
    compute: (conversation): TrimResult<unknown> =>
      trimHistory(conversation.messages, {
        format: conversation.format,
        maxMessages: args.maxMessages,
        maxTokens: args.maxTokens,
        keep: { system: !args.dropSystem, firstUserMessage: args.keepFirstUser },
      }),
    emit: async (conversation, result, output) => {
      await output.writeMessages(conversation, result.messages);
      const dropped = result.dropped.map((entry) => entry.index);
      if (args.json) {
        const report = {
          conversation: conversation.number,
          line: conversation.line,
          format: conversation.format,
          kept: result.messages.length,
          dropped,
          tokens: result.tokens,
          overBudget: result.overBudget,
        };
        await writeOut(output.reports, `${jsonText(report)}\n`);
      } else if (dropped.length > 0 || result.overBudget) {
        const over = result.overBudget
          ? '; over budget: the newest turn group alone exceeds it and was kept whole'
          : '';
        const which =
          dropped.length === 0 ? '' : ` (${arrayNameOf(conversation)}${describeIndexes(dropped)})`;
        await writeOut(
          output.reports,
          terminalLine(
            `${locationOf(input, conversation)}: dropped ${plural(dropped.length, 'message')}${which}, kept ${result.messages.length}, ~${result.tokens} tokens${over}`,
          ),
        );
      }
    },
  });
  return sink === undefined ? 2 : 0;
}

/** `[0..11]`, `[3]`, or `[0..3, 5..9]` for indexes in ascending order. */
export function describeIndexes(indexes: readonly number[]): string {
  const ranges: string[] = [];
  let start = indexes[0];
  let previous = start;
  for (const index of [...indexes.slice(1), undefined]) {
    if (index !== undefined && previous !== undefined && index === previous + 1) {
      previous = index;
      continue;
    }
    if (start !== undefined) ranges.push(start === previous ? `${start}` : `${start}..${previous}`);
    start = index;
    previous = index;
  }
  return `[${ranges.join(', ')}]`;
}
