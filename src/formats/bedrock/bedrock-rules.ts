import { RESULTS_ENTRY, type ToolTurnProblem } from '../../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../../core/tool-turn-table.js';
import { MessageStrings } from '../../core/message-strings.js';
import type { BlockWording } from '../anthropic/anthropic-rules.js';

// Bedrock Converse's id and tool-turn rules, each with where its wording was seen.

/** https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html */
export const BEDROCK_TOOL_USE_ID_PATTERN: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

/** Ours, in the form of AWS's constraint errors (https://github.com/aws-samples/remote-swe-agents/pull/457). */
export function invalidIdSentence(id: string, messageIndex: number, partIndex: number): string {
  const constraint =
    id.length === 0
      ? 'Member must have length greater than or equal to 1'
      : id.length > 64
        ? 'Member must have length less than or equal to 64'
        : 'Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+';
  return `1 validation error detected: Value '${id}' at 'messages.${messageIndex + 1}.member.content.${partIndex + 1}.member.toolUse.toolUseId' failed to satisfy constraint: ${constraint}`;
}

/** True when `model` (id, inference profile or ARN) is a Claude model, whose rules apply. */
export function isClaudeModel(model: string | undefined): boolean {
  return model?.includes('anthropic.claude') === true;
}

/** Claude's, relayed by Bedrock (https://github.com/Amazon-Q-Developer/language-servers/pull/1235). */
export function resultsFirstSentence(at: number, missing: number): string {
  return `The model returned the following errors: messages.${at}: Did not find ${missing} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`;
}

/** Bedrock's wording; one per validation (it caches each message's sentence). */
export function bedrockWording(): BlockWording {
  const params = new MessageStrings((index) => `messages.${index}.content`);
  // Any unexpected result (https://github.com/Just-Curieous/Curie/issues/16).
  const exceeds = new MessageStrings(
    (index) =>
      `The number of toolResult blocks at messages.${index}.content exceeds the number of toolUse blocks of previous turn.`,
  );
  const unexpected = (result: { readonly messageIndex: number }) =>
    [params.of(result.messageIndex), exceeds.of(result.messageIndex)] as const;
  return {
    unexpected,
    duplicateResult: unexpected,
    // https://github.com/agno-agi/agno/issues/6698.
    missing: (at, ids) => [
      `messages.${at}.content`,
      `Expected toolResult blocks at messages.${at}.content for the following Ids: ${ids.join(', ')}`,
    ],
    duplicateCall: (call, first) => {
      // Wording ours.
      const param = `messages.${call.messageIndex}.content.${call.partIndex ?? 0}.toolUse.toolUseId`;
      return [
        param,
        `The toolUseId ${call.callId} at ${param} is already used at messages.${first.messageIndex}.content.${first.partIndex ?? 0}. Each toolUse block needs its own toolUseId.`,
      ];
    },
  };
}

/**
 * Adds the results Bedrock finds late: it reads only the user message right after a call turn
 * (https://github.com/timothy-agent/timothy/pull/33). Each becomes `misplaced` and its call joins
 * its turn's `missing` problem. Reads the pairing {@link findToolTurnProblems} left on the table.
 */
export function withLateResults(
  table: ToolTurnTable,
  problems: ToolTurnProblem[],
): ToolTurnProblem[] {
  const late = new Map<number, Set<number>>();
  const { kinds, starts } = table;
  const match = table.pairing?.match ?? [];
  // Each paired result in a user message right after another results message, with its call.
  for (let turn = 1; turn < table.count; turn++) {
    if (kinds[turn] !== RESULTS_ENTRY || kinds[turn - 1] !== RESULTS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      const call = match[slot] ?? -1;
      if (call === -1) continue;
      problems.push({ kind: 'misplaced', result: table.siteAt(slot), call: table.siteAt(call) });
      const callTurn = table.siteTurns[call] ?? -1;
      const slots = late.get(callTurn);
      if (slots) slots.add(call);
      else late.set(callTurn, new Set([call]));
    }
  }
  if (late.size === 0) return problems;
  const missingAt = new Map<number, number>();
  problems.forEach((problem, at) => {
    if (problem.kind === 'missing') missingAt.set(problem.turnMessageIndex, at);
  });
  for (const [callTurn, slots] of late) {
    const turnMessageIndex = table.messageIndexes[callTurn] ?? -1;
    const callIds: string[] = [];
    const end = starts[callTurn + 1] ?? 0;
    for (let slot = starts[callTurn] ?? 0; slot < end; slot++)
      if (match[slot] === -1 || slots.has(slot)) callIds.push(table.idAt(slot));
    const missing: ToolTurnProblem = {
      kind: 'missing',
      turnMessageIndex,
      turn: callTurn,
      callIds,
      closedAt: turnMessageIndex + 1,
    };
    const at = missingAt.get(turnMessageIndex) ?? -1;
    if (at === -1) problems.push(missing);
    else problems[at] = missing;
  }
  return problems;
}
