/** How {@link nearlyAnswered} bends the answers; each field 0 does its change. */
export interface AnswerDamage {
  readonly seed: number;
  /** 0: one call goes unanswered. */
  readonly drop: number;
  /** 0: one call is answered twice. */
  readonly twice: number;
  /** 0: a result of no call (`'z'`) comes among them. */
  readonly stranger: number;
}

/**
 * The ids the results of a call turn answer, in the order they come: the calls' ids rotated (in
 * call order half the time), reversed one time in three, then with the damage `damage` asks for.
 */
export function nearlyAnswered(calls: readonly string[], damage: AnswerDamage): string[] {
  const { seed, drop, twice, stranger } = damage;
  const shift = calls.length === 0 || seed % 2 === 0 ? 0 : seed % calls.length;
  const answers = [...calls.slice(shift), ...calls.slice(0, shift)];
  if (seed % 3 === 1) answers.reverse();
  if (drop === 0) answers.splice(seed % (answers.length + 1), 1);
  if (twice === 0) answers.splice(seed % (answers.length + 1), 0, answers[0] ?? 'a');
  if (stranger === 0) answers.splice(seed % (answers.length + 1), 0, 'z');
  return answers;
}
