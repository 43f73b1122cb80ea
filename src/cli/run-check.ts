import type { HistoryIssue } from '../core/issue.js';
import { validateHistory } from '../validate/validate-history.js';
import { writeOut, jsonText, terminalLine } from './cli-io.js';
import {
  arrayNameOf,
  errorMessageOf,
  forEachConversation,
  locationOf,
  type CommandContext,
  type FormattedConversation,
  formatsSummary,
  plural,
  reportUnreadable,
} from './command-context.js';
import { rulesFor, rulesName, type CheckRules } from './rules-for.js';
import type { UnreadableConversation } from './read-conversations.js';

/**
 * `check`: validates every conversation against the provider's rules and prints each issue with
 * its file, conversation, message index, call id and the provider's wording.
 *
 * Exit code: 0 when no conversation has an issue, 1 when any has, 2 when any could not be read.
 * With `--json`, stdout is one JSON document: `{ file, issues, unreadable, summary }`, issues
 * written as they are found, so memory stays bounded however large the input.
 */
export async function runCheck(context: CommandContext): Promise<number> {
  const { io, input, args } = context;
  const formats = new Map<string, number>();
  const certain = new Set<string>();
  let conversations = 0;
  let withIssues = 0;
  let issueCount = 0;
  const unreadable: UnreadableConversation[] = [];
  if (args.json) await writeOut(io.stdout, `{"file":${jsonText(input.name)},"issues":[`);

  const report = async (
    conversation: FormattedConversation,
    rules: CheckRules,
    issues: readonly HistoryIssue[],
  ): Promise<void> => {
    if (args.json) {
      const lines = issues.map(
        (issue, index) =>
          `${issueCount + index === 0 ? '' : ','}\n${jsonText({ conversation: conversation.number, line: conversation.line, format: conversation.format, provider: rulesName(rules), ...issue })}`,
      );
      await writeOut(io.stdout, lines.join(''));
      return;
    }
    const where = locationOf(input, conversation);
    const array = arrayNameOf(conversation);
    await writeOut(
      io.stdout,
      issues.map((issue) => terminalLine(`${where}: ${describeIssue(issue, array)}`)).join(''),
    );
  };

  await forEachConversation(context, {
    conversation: async (conversation) => {
      let rules: CheckRules;
      let issues: readonly HistoryIssue[];
      try {
        rules = rulesFor(conversation.format, args.provider, args);
        issues = validateHistory(conversation.messages, rules).issues;
      } catch (error) {
        const record: UnreadableConversation = {
          kind: 'unreadable',
          layout: conversation.layout,
          number: conversation.number,
          line: conversation.line,
          column: undefined,
          reason: errorMessageOf(error),
        };
        unreadable.push(record);
        await reportUnreadable(context, record);
        return;
      }
      conversations++;
      formats.set(conversation.format, (formats.get(conversation.format) ?? 0) + 1);
      if (conversation.formatCertain) certain.add(conversation.format);
      if (issues.length === 0) return;
      withIssues++;
      await report(conversation, rules, issues);
      issueCount += issues.length;
    },
    unreadable: async (record) => {
      unreadable.push(record);
      await reportUnreadable(context, record);
    },
  });

  if (args.json) {
    const summary = {
      conversations,
      conversationsWithIssues: withIssues,
      issues: issueCount,
      unreadable: unreadable.length,
      formats: Object.fromEntries(formats),
    };
    await writeOut(
      io.stdout,
      `${issueCount === 0 ? '' : '\n'}],"unreadable":${jsonText(unreadable.map((record) => ({ number: record.number, line: record.line, column: record.column, reason: record.reason })))},"summary":${JSON.stringify(summary)}}\n`,
    );
  } else if (conversations > 0 || unreadable.length === 0) {
    const found =
      issueCount === 0 ? 'no issues in' : `${plural(issueCount, 'issue')} in ${withIssues} of`;
    const unreadableNote = unreadable.length === 0 ? '' : `, ${unreadable.length} unreadable`;
    await writeOut(
      io.stdout,
      terminalLine(
        `${input.name}: ${found} ${plural(conversations, 'conversation')}${unreadableNote} (${formatsSummary(formats, certain)})`,
      ),
    );
  }
  if (unreadable.length > 0) return 2;
  return issueCount > 0 ? 1 : 0;
}

/** One issue as a line: where, which call, what the provider says, and the code. */
export function describeIssue(issue: HistoryIssue, array: string): string {
  const part = issue.partIndex === undefined ? '' : `, part ${issue.partIndex}`;
  const ids =
    'toolCallId' in issue ? [issue.toolCallId] : 'toolCallIds' in issue ? issue.toolCallIds : [];
  const calls =
    ids.length === 0
      ? ''
      : `, ${ids.length === 1 ? 'call' : 'calls'} ${ids.map((id) => JSON.stringify(id)).join(', ')}`;
  return `${array}[${issue.messageIndex}]${part}${calls}: ${issue.message} [${issue.code}]`;
}
