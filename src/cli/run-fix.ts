import type { HistoryFix } from '../repair/history-fix.js';
import { repairHistory } from '../repair/repair-history.js';
import { validateHistory } from '../validate/validate-history.js';
import { writeOut, jsonText, terminalLine } from './cli-io.js';
import {
  arrayNameOf,
  locationOf,
  type CommandContext,
  type FormattedConversation,
  plural,
} from './command-context.js';
import { transformConversations } from './history-sink.js';
import { leftoverRulesFor, type CheckRules } from './rules-for.js';
import { describeIssue } from './run-check.js';

/**
 * `fix`: repairs every conversation with `repairHistory` (to `--provider`'s rules when given),
 * writes the repaired history in the input's layout (to `-o FILE` or `--in-place` atomically, else
 * stdout) and prints each fix (to stdout when the history goes to a file, else stderr; one JSON
 * object per line with `--json`).
 *
 * Exit code: 0; 1 when a conversation still has issues the repair cannot fix (they are printed);
 * 2 when a conversation cannot be read, and then no output file is written.
 */
export async function runFix(context: CommandContext): Promise<number> {
  const { args, input } = context;
  let conversations = 0;
  let fixed = 0;
  let fixCount = 0;
  let unfixable = 0;
  const sink = await transformConversations(context, {
    compute: (conversation) =>
      repairHistory(conversation.messages, {
        format: conversation.format,
        provider: args.provider ?? conversation.format,
        model: args.model,
        thinking: args.thinking,
      }),
    emit: async (conversation, repaired, output) => {
      conversations++;
      await output.writeMessages(conversation, repaired.messages);
      if (repaired.fixes.length > 0) fixed++;
      fixCount += repaired.fixes.length;
      await reportFixes(context, conversation, repaired.fixes, output.reports);
      unfixable += await reportLeftovers(
        context,
        conversation,
        repaired.messages,
        leftoverRulesFor(conversation.format, args.provider, args),
        output.reports,
      );
    },
  });
  if (sink === undefined) return 2;
  if (!args.json) {
    const target = args.inPlace ? input.name : (args.output ?? 'stdout');
    const left =
      unfixable === 0 ? '' : `; ${plural(unfixable, 'issue')} left that the repair cannot fix`;
    await writeOut(
      sink.reports,
      terminalLine(
        `${input.name}: ${plural(fixCount, 'fix', 'fixes')} in ${fixed} of ${plural(conversations, 'conversation')}${left}; wrote ${target}`,
      ),
    );
  }
  return unfixable > 0 ? 1 : 0;
}

async function reportFixes(
  context: CommandContext,
  conversation: FormattedConversation,
  fixes: readonly HistoryFix[],
  stream: Parameters<typeof writeOut>[0],
): Promise<void> {
  if (fixes.length === 0) return;
  if (context.args.json) {
    await writeOut(
      stream,
      fixes
        .map(
          (fix) =>
            `${jsonText({ conversation: conversation.number, line: conversation.line, format: conversation.format, ...fix })}\n`,
        )
        .join(''),
    );
    return;
  }
  const where = locationOf(context.input, conversation);
  const array = arrayNameOf(conversation);
  const lines = fixes.map((fix) =>
    terminalLine(
      `${where}: ${array}[${fix.messageIndex}], call ${JSON.stringify(fix.callId)}: ${fix.message} [${fix.kind}]`,
    ),
  );
  await writeOut(stream, lines.join(''));
}

/** Prints what the repaired history still breaks, and returns how many issues that is. */
async function reportLeftovers(
  context: CommandContext,
  conversation: FormattedConversation,
  messages: readonly unknown[],
  rules: CheckRules,
  stream: Parameters<typeof writeOut>[0],
): Promise<number> {
  const { issues } = validateHistory(messages, rules);
  if (issues.length === 0) return 0;
  if (context.args.json) {
    await writeOut(
      stream,
      issues
        .map(
          (issue) =>
            `${jsonText({ conversation: conversation.number, line: conversation.line, format: conversation.format, unfixed: true, ...issue })}\n`,
        )
        .join(''),
    );
  } else {
    const where = locationOf(context.input, conversation);
    await writeOut(
      stream,
      issues
        .map((issue) =>
          terminalLine(`${where}: not fixed: ${describeIssue(issue, arrayNameOf(conversation))}`),
        )
        .join(''),
    );
  }
  return issues.length;
}
