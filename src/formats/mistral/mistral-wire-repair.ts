import type { HistoryIssue } from '../../errors/history-issue.js';
import type { WireRepair } from '../shared/wire-repair.js';
import { lastRoleIssue } from './validate-mistral.js';

/** What Mistral's repair leaves as it is: the last role (see {@link unrepairedMistral}). */
export const MISTRAL_LEAVES: ReadonlySet<HistoryIssue['code']> = new Set(['unexpected-last-role']);

/**
 * What repair leaves in a Mistral history: one that ends with the model's answer (issue
 * `unexpected-last-role`) is a request Mistral refuses, and no repair can make it acceptable
 * without dropping or rewriting that answer, so repair leaves it and says so in a warning.
 */
export function unrepairedMistral(messages: readonly unknown[]): WireRepair | undefined {
  const last = lastRoleIssue(messages);
  if (last === undefined) return undefined;
  const warnings = [
    {
      code: 'unrepaired-issue',
      messageIndex: last.messageIndex,
      message: `${last.message}: messages[${last.messageIndex}] ends the history, and Mistral serves only from a last user or tool message, or an assistant message with prefix: true (which asks it to continue that answer). Left as it is: add the next user message before sending.`,
    } as const,
  ];
  return { messages, fixes: [], warnings };
}
