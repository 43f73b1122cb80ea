import type { HistoryIssue } from '../../errors/history-issue.js';
import type { WireRepair } from '../shared/wire-repair.js';

/**
 * Mistral's wire pass: nothing to change, but a history that ends with the model's answer (issue
 * `unexpected-last-role`) is a request Mistral refuses and no repair can make acceptable without
 * dropping or rewriting that answer, so repair leaves it and says so in a warning.
 */
export function repairMistralWire(
  messages: readonly unknown[],
  issues: readonly HistoryIssue[],
): WireRepair | undefined {
  const last = issues.find((issue) => issue.code === 'unexpected-last-role');
  if (last === undefined) return undefined;
  return {
    messages,
    fixes: [],
    warnings: [
      {
        code: 'unrepaired-issue',
        messageIndex: last.messageIndex,
        message: `${last.message}: messages[${last.messageIndex}] ends the history and Mistral serves only from a last user or tool message, or an assistant message with prefix: true (which asks it to continue that answer). Left as it is: add the next user message before sending.`,
      },
    ],
    inputIndexes: undefined,
  };
}
