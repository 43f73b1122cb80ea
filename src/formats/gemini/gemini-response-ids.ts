import type { HistoryIssue } from '../../errors/history-issue.js';
import type { FunctionPart, Turn } from './gemini-turn-checks.js';
import { UnansweredByName } from './unanswered-by-name.js';

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
  // Built at the first response that carries an id: most response turns carry none.
  let byId: Map<string, IdQueue> | undefined;
  let unanswered: UnansweredByName | undefined;
  for (const response of turn.responses) {
    const id = response.id;
    if (id === undefined) continue;
    if (byId === undefined || unanswered === undefined) [byId, unanswered] = indexCalls(calls);
    // Calls with an id are answered only by id, so those of one id are answered in order.
    const queue = byId.get(id);
    let found = -1;
    if (queue !== undefined) {
      if (queue.next < queue.positions.length) found = queue.positions[queue.next++] ?? -1;
    } else {
      const only = unanswered.only(response.name);
      if (only !== -1 && calls[only]?.id === undefined) found = only;
    }
    const call = calls[found];
    if (call !== undefined) {
      unanswered.answer(call.name, found);
      if (call.name !== response.name && response.name !== '' && unanswered.has(response.name))
        issues.push(crossed(response, call, id, index, callIndex));
      continue;
    }
    issues.push(
      queue !== undefined
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

/** The positions of the calls that carry one id, in order, and how many of them are answered. */
interface IdQueue {
  readonly positions: number[];
  next: number;
}

/** The turn's calls by id, and all of them as unanswered by name. */
function indexCalls(calls: readonly FunctionPart[]): [Map<string, IdQueue>, UnansweredByName] {
  const byId = new Map<string, IdQueue>();
  const unanswered = new UnansweredByName();
  for (let position = 0; position < calls.length; position++) {
    const call = calls[position];
    if (call === undefined) continue;
    unanswered.add(call.name, position);
    if (call.id === undefined) continue;
    const queue = byId.get(call.id);
    if (queue) queue.positions.push(position);
    else byId.set(call.id, { positions: [position], next: 0 });
  }
  return [byId, unanswered];
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
