import type { HistoryIssue } from '../../errors/history-issue.js';
import type { FunctionPart, Turn } from './gemini-turn-checks.js';

/**
 * Responses that carry an id must each answer a different call of the turn by that id: Gemini
 * pairs by name and position, but an id that names no call, or a call already answered, leaves
 * the history ambiguous (and other providers, which pair by id, refuse it). Two exceptions and one
 * more check:
 * - a response whose id names no call pairs by name when exactly one unanswered call of the turn
 *   has its name and that call has no id (the model gave the call none; the response's id was
 *   made up by the client);
 * - a response whose id names a call of another function of the turn (crossed ids: the response
 *   named `b` carries `a`'s id) is a name mismatch.
 * Ours: no Gemini wording was found for any of these.
 */
export function checkResponseIds(
  callTurn: Turn,
  callIndex: number,
  turn: Turn,
  index: number,
  issues: HistoryIssue[],
): void {
  const { calls } = callTurn;
  // Calls answered so far, by position (a turn of more than 32 calls falls back to a set). Plain
  // locals, no closures: this runs for every response turn of long histories.
  let answered = 0;
  let answeredBeyond: Set<number> | undefined;
  for (const response of turn.responses) {
    const id = response.id;
    if (id === undefined) continue;
    let found = -1;
    let repeated = false;
    for (let position = 0; position < calls.length; position++) {
      if (calls[position]?.id !== id) continue;
      if (!isTaken(answered, answeredBeyond, position)) {
        found = position;
        break;
      }
      repeated = true;
    }
    if (found === -1 && !repeated)
      found = onlyIdlessCallNamed(calls, response.name, answered, answeredBeyond);
    const call = calls[found];
    if (call !== undefined) {
      if (found < 32) answered |= 1 << found;
      else (answeredBeyond ??= new Set()).add(found);
      if (
        call.name !== response.name &&
        response.name !== '' &&
        calls.some((other) => other.name === response.name)
      )
        issues.push(crossed(response, call, id, index, callIndex));
      continue;
    }
    issues.push(
      repeated
        ? {
            code: 'duplicate-tool-call-id',
            messageIndex: index,
            partIndex: response.partIndex,
            toolCallId: id,
            message: `Function response id ${id} at contents[${index}].parts[${response.partIndex}] answers a call of contents[${callIndex}] that another response already answered; give each response the id of its own call.`,
          }
        : {
            code: 'unknown-tool-call-id',
            messageIndex: index,
            partIndex: response.partIndex,
            toolCallId: id,
            message: `Function response id ${id} at contents[${index}].parts[${response.partIndex}] matches no functionCall id of contents[${callIndex}]; give each response the id of its own call.`,
          },
    );
  }
}

function isTaken(answered: number, beyond: Set<number> | undefined, position: number): boolean {
  return position < 32 ? (answered & (1 << position)) !== 0 : beyond?.has(position) === true;
}

function crossed(
  response: FunctionPart,
  call: FunctionPart,
  id: string,
  index: number,
  callIndex: number,
): HistoryIssue {
  return {
    code: 'tool-name-mismatch',
    messageIndex: index,
    partIndex: response.partIndex,
    toolCallId: id,
    expectedName: call.name,
    actualName: response.name,
    message: `Function response id ${id} at contents[${index}].parts[${response.partIndex}] is the id of the '${call.name}' call of contents[${callIndex}], but the response answers '${response.name}'; give each response the id of its own call.`,
  };
}

/** The position of the one unanswered call named `name`, when it has no id; `-1` otherwise. */
function onlyIdlessCallNamed(
  calls: readonly FunctionPart[],
  name: string,
  answered: number,
  beyond: Set<number> | undefined,
): number {
  let only = -1;
  for (let position = 0; position < calls.length; position++) {
    if (calls[position]?.name !== name || isTaken(answered, beyond, position)) continue;
    if (only !== -1) return -1;
    only = position;
  }
  return only !== -1 && calls[only]?.id === undefined ? only : -1;
}
