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
  const found: {
    part: JsonObject;
    messageIndex: number;
    partIndex: number;
    answered: Set<unknown>;
  }[] = [];
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
      if (isObject(part) && part.type === 'tool-approval-response')
        found.push({ part, messageIndex, partIndex, answered });
    });
  }
  if (found.length === 0) return [];
  const { requests, calls } = requestsAndCalls(
    messages,
    found.map(({ part }) => part.approvalId),
  );
  return found.map(({ part, messageIndex, partIndex, answered }) => {
    const callId = typeof part.approvalId === 'string' ? requests.get(part.approvalId) : undefined;
    const call = callId === undefined ? undefined : calls.get(callId);
    const toolName = typeof call?.toolName === 'string' ? call.toolName : '';
    // A provider-executed call's approval goes to the provider, which answers it.
    const skip = callId !== undefined && (answered.has(callId) || call?.providerExecuted === true);
    const answer = callId === undefined ? undefined : { callId, toolName };
    return { part, messageIndex, partIndex, answer, skip };
  });
}

/**
 * The last request of each of `approvalIds` and the last call of each id, read from the end and
 * stopping once every request and its call are found: a repair asks once per window.
 */
function requestsAndCalls(messages: readonly unknown[], approvalIds: readonly unknown[]) {
  const wanted = new Set(approvalIds.filter((id) => typeof id === 'string'));
  const requests = new Map<string, string>();
  const calls = new Map<string, JsonObject>();
  const done = (): boolean =>
    requests.size === wanted.size && [...requests.values()].every((id) => calls.has(id));
  for (let index = messages.length - 1; index >= 0 && !done(); index--) {
    const message = messages[index];
    if (!isObject(message) || message.role !== 'assistant' || !Array.isArray(message.content))
      continue;
    const content = message.content as unknown[];
    for (let at = content.length - 1; at >= 0; at--) {
      const part = content[at];
      if (!isObject(part) || typeof part.toolCallId !== 'string') continue;
      if (part.type === 'tool-call' && !calls.has(part.toolCallId))
        calls.set(part.toolCallId, part);
      else if (
        part.type === 'tool-approval-request' &&
        typeof part.approvalId === 'string' &&
        wanted.has(part.approvalId) &&
        !requests.has(part.approvalId)
      )
        requests.set(part.approvalId, part.toolCallId);
    }
  }
  return { requests, calls };
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
