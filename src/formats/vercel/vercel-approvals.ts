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

/** The `toolCallId`s of the parts of `type` among `parts`. */
function idsOf(parts: readonly unknown[], type: string): unknown[] {
  return parts.flatMap((part) => (isObject(part) && part.type === type ? [part.toolCallId] : []));
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
    const answered = new Set(idsOf(content, 'tool-result'));
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
 * Drops from the trailing tool messages, which a repair gathers into the last one, the approval
 * responses that cannot answer there (each kept whole in its fix): those no request has, which the
 * SDK refuses; those whose call is not in the assistant message right before them, which the SDK
 * would run there, its result no longer following its call; and those whose call a result or a
 * later response of these messages answers, which the SDK would run a second time. A call left
 * without an answer is then answered as any call without a result.
 */
export function dropUnusableApprovals(messages: readonly unknown[]): WireRepair | undefined {
  const isTool = (message: unknown): boolean => isObject(message) && message.role === 'tool';
  let from = messages.length;
  while (from > 0 && isTool(messages[from - 1])) from--;
  const partsOf = (message: unknown): unknown[] =>
    isObject(message) && Array.isArray(message.content) ? (message.content as unknown[]) : [];
  const before = messages[from - 1];
  const lastCalls = new Set(
    isObject(before) && before.role === 'assistant' ? idsOf(partsOf(before), 'tool-call') : [],
  );
  const results = new Set(messages.slice(from).flatMap((m) => idsOf(partsOf(m), 'tool-result')));
  const approvals = trailingApprovals(messages, from);
  const latest = new Map(approvals.map(({ part, answer }) => [answer?.callId, part]));
  const output = [...messages];
  const fixes: WireFix[] = [];
  for (const { part, messageIndex, partIndex, answer, skip } of approvals) {
    const where = `The approval response at messages[${messageIndex}].content[${partIndex}]`;
    let reason: string;
    if (answer === undefined)
      reason = `${where} names approval "${String(part.approvalId)}", which no tool-approval-request has; the AI SDK refuses it in the last message, where a repair gathers the trailing tool messages.`;
    else if (skip) continue;
    else if (!lastCalls.has(answer.callId))
      reason = `${where} answers call "${answer.callId}", which is not in the assistant message right before the trailing tool messages; the AI SDK would run the call there, where its result no longer follows it.`;
    else if (results.has(answer.callId) || latest.get(answer.callId) !== part)
      reason = `${where} answers call "${answer.callId}", which a result or a later approval response of the trailing tool messages answers too; gathered into the last message, the AI SDK would run the call a second time.`;
    else continue;
    fixes.push({
      kind: 'dropped-approval',
      messageIndex,
      partIndex,
      callId: answer?.callId ?? '',
      fromIndex: messageIndex,
      item: part,
      message: `${reason} It was dropped (kept whole in this fix).`,
    });
    const kept = output[messageIndex] as JsonObject;
    output[messageIndex] = {
      ...kept,
      content: (kept.content as unknown[]).filter((item) => item !== part),
    };
  }
  return fixes.length === 0 ? undefined : { messages: output, fixes, warnings: [] };
}
