import { isObject } from '../../core/input-guards.js';
import type { ServerBlockFix, WireRepair } from '../shared/wire-repair.js';
import { blocksAt } from './anthropic-rules.js';
import {
  findServerToolProblems,
  serverCallTypeOf,
  type ServerToolProblem,
} from './anthropic-server-tools.js';

const WHY: Readonly<Record<ServerToolProblem['kind'] | 'client-result', string>> = {
  orphan: 'it answers no server tool call before it in its message',
  dangling:
    'its message ends without its result and is not the last (only a `pause_turn` message, sent back last, may)',
  duplicate: 'its id is used by an earlier server tool call',
  'as-tool-use': 'it is a server tool call rewritten as a client tool_use, and its result is gone',
  'client-result': 'it answers a server tool call rewritten as a client tool_use, dropped',
};

type Problem = Omit<ServerToolProblem, 'kind'> & { kind: keyof typeof WHY };

/** The client results in user message `index` that answer a dropped proxy rewrite. */
function clientResultsOf(
  messages: readonly unknown[],
  index: number,
  rewrites: ReadonlySet<string>,
): Problem[] | undefined {
  if (rewrites.size === 0) return undefined;
  const found: Problem[] = [];
  blocksAt(messages, index).forEach((block, partIndex) => {
    if (isObject(block) && block.type === 'tool_result' && rewrites.has(String(block.tool_use_id)))
      found.push({
        kind: 'client-result',
        messageIndex: index,
        partIndex,
        id: String(block.tool_use_id),
        type: 'tool_result',
        name: '',
      });
  });
  return found.length === 0 ? undefined : found;
}

/**
 * Mends Anthropic server tool blocks before the neutral engine: drops an orphan server result, a
 * server call its turn left unanswered, a call that reuses an id, and a proxy's `tool_use` rewrite
 * of a server call whose result is gone; turns such a rewrite back into `server_tool_use` when its
 * result is there. A message left empty is dropped (the API merges the turns around it).
 */
export function repairAnthropicServerTools(messages: readonly unknown[]): WireRepair | undefined {
  const problems = findServerToolProblems(messages);
  if (problems.length === 0) return undefined;
  const byMessage = new Map<number, Problem[]>();
  for (const problem of problems) {
    const list: Problem[] = byMessage.get(problem.messageIndex) ?? [];
    list.push(problem);
    byMessage.set(problem.messageIndex, list);
  }
  const output: unknown[] = [];
  const inputIndexes: number[] = [];
  const fixes: ServerBlockFix[] = [];
  // Proxy rewrites dropped: the client `tool_result` made for each goes with it.
  const rewrites = new Set<string>();
  messages.forEach((message, index) => {
    const found = byMessage.get(index) ?? clientResultsOf(messages, index, rewrites);
    if (found === undefined || !isObject(message)) {
      output.push(message);
      inputIndexes.push(index);
      return;
    }
    const blocks = blocksAt(messages, index);
    const content: unknown[] = [];
    const at = output.length;
    blocks.forEach((block, partIndex) => {
      const problem: Problem | undefined = found.find((entry) => entry.partIndex === partIndex);
      if (problem === undefined) {
        content.push(block);
        return;
      }
      const restore = problem.kind === 'as-tool-use' && problem.resultIndex !== undefined;
      const where = `messages[${index}].content[${partIndex}]`;
      fixes.push({
        kind: restore ? 'restored-server-call' : 'dropped-server-block',
        messageIndex: at,
        partIndex: content.length,
        callId: problem.id,
        fromIndex: index,
        fromPartIndex: partIndex,
        block,
        message: restore
          ? `The tool_use block at ${where} has server tool id ${problem.id} and its server tool result in the same message: a proxy's rewrite, turned back into the ${serverCallTypeOf(problem.id)} block it was.`
          : `Dropped the ${problem.type} block at ${where} (id ${problem.id}): ${WHY[problem.kind]}; Anthropic refuses the request otherwise.`,
      });
      if (restore) content.push({ ...(block as object), type: serverCallTypeOf(problem.id) });
      else if (problem.kind === 'as-tool-use') rewrites.add(problem.id);
    });
    if (content.length === 0) return;
    output.push({ ...message, content });
    inputIndexes.push(index);
  });
  const dropped = inputIndexes.length !== messages.length;
  return { messages: output, fixes, warnings: [], ...(dropped ? { inputIndexes } : {}) };
}
