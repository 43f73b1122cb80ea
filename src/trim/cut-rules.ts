import type { MessageFormat } from '../core/format.js';
import type { HistoryIssue } from '../errors/history-issue.js';
import { validateHistory } from '../validate/validate-history.js';
import { readingWhole, type CutFinder } from './cut-finder.js';

// Rules look at neighbouring turns: this many messages on either side of a message decide its issues.
const RULE_WINDOW = 16;

// A result without its call is one fault, whichever call the validator guessed it was for.
const RESULT_WITHOUT_CALL: ReadonlySet<HistoryIssue['code']> = new Set([
  'orphan-tool-result',
  'misplaced-tool-result',
  'unknown-tool-call-id',
]);

/** An issue as "message index, kind": what a cut may add and the input may already have. */
export function issueKey(issue: HistoryIssue, index: number | undefined): string {
  const kind = RESULT_WITHOUT_CALL.has(issue.code) ? 'result-without-call' : issue.code;
  return `${String(index ?? 'end')} ${kind}`;
}

/**
 * True when keeping the `pinned` messages before `cut` and the messages from `cut` on gives a kept
 * message a kind of issue the input does not have there. Reads only the pinned messages with an
 * issue and about {@link RULE_WINDOW} messages on either side of them and of the cut, each window
 * ending at an allowed cut, so a long history costs what its kept part near the cut costs.
 */
export function cutBreaksRules(
  messages: readonly unknown[],
  format: MessageFormat,
  pinned: readonly number[],
  cuts: CutFinder,
  cut: number,
): boolean {
  const length = messages.length;
  const startOf = (at: number): number =>
    at <= RULE_WINDOW ? 0 : cuts.previousAllowed(at - RULE_WINDOW + 1);
  const endOf = (at: number): number =>
    length - at <= RULE_WINDOW ? length : cuts.nextAllowed(at + RULE_WINDOW, length);
  const end = endOf(cut);
  const keptIndexes = pinned.filter((index) => index < cut);
  for (let index = cut; index < end; index++) keptIndexes.push(index);
  const kept = issueKeys(messages, format, keptIndexes);
  if (kept.size === 0) return false;
  const start = startOf(cut);
  const input = issueKeys(messages, format, range(start, end));
  for (const [key, index] of kept) {
    if (input.has(key)) continue;
    if (index === undefined || index >= start) return true;
    // A pinned message: the input's verdict on it comes from the messages around it.
    if (!issueKeys(messages, format, range(startOf(index), endOf(index))).has(key)) return true;
  }
  return false;
}

/**
 * Moves `cut` when cutting there breaks a rule the input meets there: to the next allowed cut
 * that does not, else back to the nearest earlier one.
 */
export function respectRules(
  messages: readonly unknown[],
  format: MessageFormat,
  pinned: readonly number[],
  cuts: CutFinder,
  cut: number,
  lastCut: number,
): number {
  const breaksRules = (at: number): boolean => cutBreaksRules(messages, format, pinned, cuts, at);
  if (!breaksRules(cut)) return cut;
  // Later groups first (the budget still holds there), then earlier ones.
  for (let at = cut; at < lastCut;) {
    at = cuts.nextAllowed(at + 1, lastCut);
    if (!breaksRules(at)) return at;
  }
  for (let at = cuts.previousAllowed(cut); at > 0; at = cuts.previousAllowed(at))
    if (!breaksRules(at)) return at;
  return 0;
}

/** The issue keys of the messages at `indexes`, validated as one history, with their input index. */
function issueKeys(
  messages: readonly unknown[],
  format: MessageFormat,
  indexes: readonly number[],
): Map<string, number | undefined> {
  const window = indexes.map((index) => messages[index]);
  const { issues } = readingWhole(messages, format, () => validateHistory(window, { format }));
  const keys = new Map<string, number | undefined>();
  for (const issue of issues) {
    const index = indexes[issue.messageIndex];
    keys.set(issueKey(issue, index), index);
  }
  return keys;
}

function range(from: number, to: number): number[] {
  const indexes: number[] = [];
  for (let index = from; index < to; index++) indexes.push(index);
  return indexes;
}
