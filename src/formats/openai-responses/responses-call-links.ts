import { assertArray, invalidField, objectAt } from '../../core/input-guards.js';
import { inspectOpenAIResponses } from './validate-openai-responses.js';

// Past this many calls open at once, the links come from the validator's pairing instead.
const OPEN_LIMIT = 256;

/**
 * For each item of a Responses `input`, the index of the `function_call` a `function_call_output`
 * answers, by the pairing rule (the oldest open call with its `call_id`, anywhere earlier); -1 for
 * an output no call answers and for every other item.
 *
 * What trimming needs to know where it may cut, for a fraction of the validator's cost: one pass
 * that keeps the open calls in order and finds an output's call among them from the oldest (at
 * once when outputs come in call order), without hashing a single id and without checking the
 * rules. Scanning the open calls from the oldest is the rule itself: the first open call with the
 * id is the one the rule's per-id queue would give. When more calls than `OPEN_LIMIT` are open at
 * once, the validator's pairing answers instead.
 *
 * @throws {ToolHistoryError} `invalid-input` where the validator throws: `input` is not an array, an
 *   item is not an object, a call or output has no string `call_id`, an item has neither a `type`
 *   nor a string `role`.
 */
export function responsesCallLinks(input: readonly unknown[]): Int32Array {
  assertArray(input, 'a Responses `input`');
  const links = new Int32Array(input.length).fill(-1);
  // Open calls, oldest first from `head`: item indexes, -1 once answered.
  const open: number[] = [];
  const openIds: string[] = [];
  let head = 0;
  for (let index = 0; index < input.length; index++) {
    const item = objectAt(input, index, 'input', 'an input item object');
    const type = item.type;
    if (type === 'function_call' || type === 'function_call_output') {
      const callId = item.call_id;
      if (typeof callId !== 'string')
        throw invalidField(`input[${index}].call_id`, callId, 'a string');
      if (type === 'function_call') {
        if (open.length - head >= OPEN_LIMIT) return linksFromValidator(input);
        open.push(index);
        openIds.push(callId);
        continue;
      }
      let at = head;
      while (at < open.length && (open[at] === -1 || openIds[at] !== callId)) at++;
      if (at === open.length) continue;
      links[index] = open[at] ?? -1;
      open[at] = -1;
      while (head < open.length && open[head] === -1) head++;
      if (head === open.length) {
        // Every call answered: start afresh, so the lists hold only what is open.
        open.length = 0;
        openIds.length = 0;
        head = 0;
      }
      continue;
    }
    if (type === undefined && typeof item.role !== 'string')
      throw invalidField(
        `input[${index}].role`,
        item.role,
        "a role ('user', 'assistant', 'system', 'developer') or the item a `type`",
      );
  }
  return links;
}

/** {@link responsesCallLinks} from the validator's turn table and its pairing. */
function linksFromValidator(input: readonly unknown[]): Int32Array {
  const { table } = inspectOpenAIResponses(input);
  const links = new Int32Array(input.length).fill(-1);
  const match = table.pairing?.match;
  if (match === undefined) return links;
  for (let slot = 0; slot < match.length; slot++) {
    const call = match[slot] ?? -1;
    if (call === -1) continue;
    const resultAt = table.messageIndexOf(slot);
    const callAt = table.messageIndexOf(call);
    if (callAt < resultAt) links[resultAt] = callAt;
  }
  return links;
}
