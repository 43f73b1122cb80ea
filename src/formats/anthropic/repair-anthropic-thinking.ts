import type { ConversionWarning } from '../../core/history.js';
import { isObject } from '../../core/input-guards.js';
import type { RuleContext } from '../../core/format.js';
import type { MovedPartFix, WireRepair } from '../shared/wire-repair.js';
import {
  ANTHROPIC_THINKING,
  blocksAt,
  finalAssistantRun,
  thinkingFirstIssue,
  toolUseIdsOf,
  type ThinkingShape,
} from './anthropic-rules.js';

/**
 * With extended thinking on, puts the thinking blocks of the final assistant turn that holds
 * `tool_use` first, where they are in that turn but not first: each block is moved whole (its
 * signature signs its content, not its place), into the turn's first message.
 */
export function repairAnthropicThinking(
  messages: readonly unknown[],
  context: RuleContext,
  inputIndexOf: (message: unknown) => number,
  shape: ThinkingShape = ANTHROPIC_THINKING,
): WireRepair | undefined {
  if (context.thinking !== true || thinkingFirstIssue(messages, shape) === undefined)
    return undefined;
  const run = finalAssistantRun(messages);
  if (run === undefined) return undefined;
  const callIds = toolUseIdsOf(messages, run, shape);
  const { name } = shape;
  const callId = callIds[0] ?? '';
  const thinking: unknown[] = [];
  const fixes: MovedPartFix[] = [];
  const rest: unknown[][] = [];
  for (let index = run.start; index <= run.end; index++) {
    const kept: unknown[] = [];
    blocksAt(messages, index).forEach((block, partIndex) => {
      if (!shape.isThinking(block)) {
        kept.push(block);
        return;
      }
      const from = inputIndexOf(messages[index]);
      fixes.push({
        kind: 'moved-reasoning',
        messageIndex: run.start,
        partIndex: thinking.length,
        callId,
        fromIndex: from === -1 ? index : from,
        fromPartIndex: partIndex,
        message: `With extended thinking on, ${name} needs the final assistant turn to start with its thinking block; the ${shape.typeOf(block)} block at messages[${index}].content[${partIndex}] moved, unchanged, to messages[${run.start}].content[${thinking.length}].`,
      });
      thinking.push(block);
    });
    rest.push(kept);
  }
  if (thinking.length === 0) {
    const warning: ConversionWarning = {
      code: 'unrepaired-issue',
      messageIndex: run.start,
      callId,
      message: `messages[${run.start}]: with extended thinking on, ${name} needs the final assistant turn (the one with tool_use ${callIds.join(', ')}) to start with the thinking block the model returned with it, and the history has none; it cannot be made up (its signature is Anthropic's). Send the turn's thinking and redacted_thinking blocks back unmodified, or turn thinking off for this request.`,
    };
    return { messages, fixes: [], warnings: [warning] };
  }
  const output: unknown[] = messages.slice(0, run.start);
  for (let index = run.start; index <= run.end; index++) {
    const blocks = rest[index - run.start] ?? [];
    const content = index === run.start ? [...thinking, ...blocks] : blocks;
    const message = messages[index];
    // A message that held only thinking blocks is left out: the API refuses empty content.
    if (content.length === 0) continue;
    const moved = blocks.length !== blocksAt(messages, index).length || index === run.start;
    output.push(moved && isObject(message) ? { ...message, content } : message);
  }
  for (let index = run.end + 1; index < messages.length; index++) output.push(messages[index]);
  return { messages: output, fixes, warnings: [] };
}
