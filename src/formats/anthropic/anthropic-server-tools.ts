import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject } from '../../core/input-guards.js';
import type { ServerBlockFix, WireRepair } from '../shared/wire-repair.js';
import { blocksAt } from './anthropic-rules.js';

// Server tools (web search, web fetch, code execution, advisor, tool search) and MCP connector
// calls run on Anthropic's side: a `server_tool_use` / `mcp_tool_use` block and its result block
// (`web_search_tool_result`, …, `mcp_tool_result`) sit in the same assistant message
// (https://docs.claude.com/en/docs/agents-and-tools/tool-use/server-tools). The neutral model
// keeps them opaque; this is their pairing rule, for the validator and the repair alike.

/** Server and MCP call ids; a client `tool_use` with one is a proxy's rewrite. */
const SERVER_ID = /^(srvtoolu|mcptoolu)_/;

/** The block type a proxy's `tool_use` rewrite of server call `id` was. */
function serverCallTypeOf(id: string): 'server_tool_use' | 'mcp_tool_use' {
  return id.startsWith('mcptoolu_') ? 'mcp_tool_use' : 'server_tool_use';
}

/** What is wrong with one server block. */
export interface ServerToolProblem {
  readonly kind: 'orphan' | 'dangling' | 'duplicate' | 'as-tool-use';
  readonly messageIndex: number;
  readonly partIndex: number;
  readonly id: string;
  /** The block's `type`. */
  readonly type: string;
  /** The call's tool name (`''` for a result). */
  readonly name: string;
  /** For `as-tool-use`: the index of the server result that answers it in its message, if any. */
  readonly resultIndex?: number | undefined;
}

/** True for a server tool call block. */
function isServerCall(block: unknown): block is { type: string; id: string } {
  return (
    isObject(block) &&
    (block.type === 'server_tool_use' || block.type === 'mcp_tool_use') &&
    typeof block.id === 'string'
  );
}

/** True for a server tool result block (`*_tool_result` other than the client `tool_result`). */
function isServerResult(block: unknown): block is { type: string; tool_use_id: string } {
  return (
    isObject(block) &&
    typeof block.type === 'string' &&
    block.type !== 'tool_result' &&
    block.type.endsWith('_tool_result') &&
    typeof block.tool_use_id === 'string'
  );
}

function isDisguisedCall(block: unknown): block is { id: string; name?: unknown } {
  return (
    isObject(block) &&
    block.type === 'tool_use' &&
    typeof block.id === 'string' &&
    SERVER_ID.test(block.id)
  );
}

/**
 * Every server block problem of `messages`, in order: a result with no call before it in its
 * message, a call its message ends without answering (allowed in the last message: `pause_turn`),
 * a call id used before, and a server call sent back as a client `tool_use`.
 */
export function findServerToolProblems(messages: readonly unknown[]): ServerToolProblem[] {
  const problems: ServerToolProblem[] = [];
  const seen = new Set<string>();
  messages.forEach((message, messageIndex) => {
    if (!isObject(message) || message.role !== 'assistant') return;
    const blocks = blocksAt(messages, messageIndex);
    const open = new Map<string, ServerToolProblem>();
    const at = (partIndex: number, kind: ServerToolProblem['kind'], id: string) => {
      const block = blocks[partIndex] as Readonly<Record<string, unknown>>;
      const name = typeof block.name === 'string' ? block.name : '';
      return { kind, messageIndex, partIndex, id, type: String(block.type), name };
    };
    blocks.forEach((block, partIndex) => {
      if (isServerCall(block) || isDisguisedCall(block)) {
        // A reused id's call pairs with nothing: a result for it pairs with the first, or is an orphan.
        if (seen.has(block.id)) problems.push(at(partIndex, 'duplicate', block.id));
        else {
          seen.add(block.id);
          const kind = isServerCall(block) ? 'dangling' : 'as-tool-use';
          open.set(block.id, at(partIndex, kind, block.id));
        }
      } else if (isServerResult(block)) {
        const call = open.get(block.tool_use_id);
        if (call === undefined) problems.push(at(partIndex, 'orphan', block.tool_use_id));
        else {
          open.delete(block.tool_use_id);
          if (call.kind === 'as-tool-use') problems.push({ ...call, resultIndex: partIndex });
        }
      }
    });
    const last = messageIndex === messages.length - 1;
    for (const call of open.values()) if (call.kind === 'as-tool-use' || !last) problems.push(call);
  });
  return problems.sort((a, b) => a.messageIndex - b.messageIndex || a.partIndex - b.partIndex);
}

/** The result block type a server call is answered with. */
function resultTypeOf(problem: ServerToolProblem): string {
  if (problem.type === 'mcp_tool_use') return 'mcp_tool_result';
  return problem.name.startsWith('tool_search_tool_')
    ? 'tool_search_tool_result'
    : `${problem.name}_tool_result`;
}

/** A server block problem as an issue, in Anthropic's words where on record. */
export function serverToolIssue(problem: ServerToolProblem): HistoryIssue {
  const { messageIndex, partIndex, id, type, name } = problem;
  const block = `messages.${messageIndex}.content.${partIndex}`;
  const site = { messageIndex, partIndex, toolCallId: id, param: block };
  switch (problem.kind) {
    case 'orphan': {
      // https://github.com/anthropics/claude-code/issues/64383 (advisor_tool_result).
      const call = type === 'mcp_tool_result' ? 'mcp_tool_use' : 'server_tool_use';
      const message = `${block}: unexpected \`tool_use_id\` found in \`${type}\` blocks: ${id}. Each \`${type}\` block must have a corresponding \`${call}\` block before it.`;
      return { code: 'orphan-tool-result', ...site, message };
    }
    case 'dangling': {
      // https://github.com/AnswerDotAI/lisette/issues/108, gsd-build/gsd-2#2870.
      const param = `messages.${messageIndex}`;
      const message = `${param}: \`${name}\` tool use with id \`${id}\` was found without a corresponding \`${resultTypeOf(problem)}\` block`;
      return {
        code: 'missing-tool-result',
        messageIndex,
        partIndex,
        toolCallIds: [id],
        param,
        message,
      };
    }
    case 'duplicate': {
      // Wording ours, after the `tool_use` one (https://github.com/trycua/cua/issues/524).
      const message = `${block}: \`${type}\` ids must be unique; ${id} is used by an earlier block`;
      return { code: 'duplicate-tool-call-id', ...site, message };
    }
    case 'as-tool-use': {
      // https://github.com/BerriAI/litellm/issues/17737: Anthropic then asks for a `tool_result`.
      const message = `${block}: \`tool_use\` block with server tool id ${id} (a server tool call rewritten by a proxy); send it back as the \`${serverCallTypeOf(id)}\` block it was, with its result in the same message.`;
      return { code: 'server-call-as-tool-use', ...site, message };
    }
  }
}

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
