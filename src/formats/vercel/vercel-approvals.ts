import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { WireFix, WireRepair } from '../shared/wire-repair.js';

/** The call a `tool-approval-response` answers. */
export interface ApprovalAnswer {
  readonly callId: string;
  readonly toolName: string;
}

/** An approval response with the call it answers (`undefined`: no request has its id). */
interface ApprovalResponse {
  readonly part: JsonObject;
  readonly messageIndex: number;
  readonly partIndex: number;
  readonly answer: ApprovalAnswer | undefined;
  /** Its call is answered otherwise: by a result in the same message, or by the provider. */
  readonly skip: boolean;
}

// The AI SDK reads approvals only in a last message of role `tool` (`collectToolApprovals`,
// ai 6.0.326); anywhere else `convertToLanguageModelPrompt` drops them. `from`: the first
// message to read them in (a repair gathers the trailing tool messages into the last).
function trailingApprovals(messages: readonly unknown[], from: number): ApprovalResponse[] {
  const calls = new Map<string, JsonObject>();
  const requests = new Map<string, string>();
  for (const message of messages) {
    if (!isObject(message) || message.role !== 'assistant' || !Array.isArray(message.content))
      continue;
    for (const part of message.content as unknown[]) {
      if (!isObject(part) || typeof part.toolCallId !== 'string') continue;
      if (part.type === 'tool-call') calls.set(part.toolCallId, part);
      else if (part.type === 'tool-approval-request' && typeof part.approvalId === 'string')
        requests.set(part.approvalId, part.toolCallId);
    }
  }
  const responses: ApprovalResponse[] = [];
  for (let messageIndex = Math.max(from, 0); messageIndex < messages.length; messageIndex++) {
    const message = messages[messageIndex];
    if (!isObject(message) || message.role !== 'tool' || !Array.isArray(message.content)) break;
    const content = message.content as unknown[];
    const answered = new Set(
      content.flatMap((part) =>
        isObject(part) && part.type === 'tool-result' ? [part.toolCallId] : [],
      ),
    );
    content.forEach((part, partIndex) => {
      if (!isObject(part) || part.type !== 'tool-approval-response') return;
      const callId =
        typeof part.approvalId === 'string' ? requests.get(part.approvalId) : undefined;
      const call = callId === undefined ? undefined : calls.get(callId);
      const toolName = typeof call?.toolName === 'string' ? call.toolName : '';
      // A provider-executed call's approval goes to the provider, which answers it.
      const skip =
        callId !== undefined && (answered.has(callId) || call?.providerExecuted === true);
      const answer = callId === undefined ? undefined : { callId, toolName };
      responses.push({ part, messageIndex, partIndex, answer, skip });
    });
  }
  return responses;
}

/**
 * The approval responses that answer a call, as the AI SDK pairs them: in a last message of role
 * `tool`, each through the `tool-approval-request` with its `approvalId`, for a call no
 * `tool-result` of that message answers; `generateText` runs an approved call and answers a
 * denied one with `execution-denied` before the model sees them. Anywhere else a response is
 * dropped, so its call still needs a result.
 */
export function approvalAnswers(
  messages: readonly unknown[],
): ReadonlyMap<JsonObject, ApprovalAnswer> {
  const answers = new Map<JsonObject, ApprovalAnswer>();
  for (const { part, answer, skip } of trailingApprovals(messages, messages.length - 1))
    if (answer !== undefined && !skip) answers.set(part, answer);
  return answers;
}

type UnknownApproval = Extract<HistoryIssue, { readonly code: 'unknown-approval' }>;

/**
 * The approval responses no request has, which `generateText` refuses in the last message
 * (`from`: the first message to look in, by default the last).
 */
export function unknownApprovals(
  messages: readonly unknown[],
  from: number = messages.length - 1,
): UnknownApproval[] {
  return trailingApprovals(messages, from).flatMap(({ part, messageIndex, partIndex, answer }) => {
    if (answer !== undefined) return [];
    const approvalId = String(part.approvalId);
    // `InvalidToolApprovalError` of the AI SDK (ai 6.0.326, collect-tool-approvals.ts).
    const message = `Tool approval response references unknown approvalId: "${approvalId}". No matching tool-approval-request found in message history.`;
    return [{ code: 'unknown-approval' as const, messageIndex, partIndex, approvalId, message }];
  });
}

/**
 * Drops the approval responses no request has from the trailing tool messages, which a repair
 * gathers into the last one (each kept whole in its fix).
 */
export function dropUnknownApprovals(messages: readonly unknown[]): WireRepair | undefined {
  const isTool = (message: unknown): boolean => isObject(message) && message.role === 'tool';
  let from = messages.length;
  while (from > 0 && isTool(messages[from - 1])) from--;
  const unknown = unknownApprovals(messages, from);
  if (unknown.length === 0) return undefined;
  const output = [...messages];
  const fixes: WireFix[] = [];
  for (const { messageIndex, partIndex = 0, approvalId } of unknown) {
    const message = messages[messageIndex] as JsonObject;
    const content = message.content as unknown[];
    fixes.push({
      kind: 'dropped-approval',
      messageIndex,
      partIndex,
      callId: '',
      fromIndex: messageIndex,
      item: content[partIndex],
      message: `The approval response at messages[${messageIndex}].content[${partIndex}] names approval "${approvalId}", which no tool-approval-request has; the AI SDK refuses it in the last message, where a repair gathers the trailing tool messages. It was dropped (kept whole in this fix).`,
    });
    const kept = output[messageIndex] as JsonObject;
    output[messageIndex] = {
      ...kept,
      content: (kept.content as unknown[]).filter((part) => part !== content[partIndex]),
    };
  }
  return { messages: output, fixes, warnings: [] };
}
