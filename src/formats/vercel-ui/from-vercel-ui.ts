import { assertWritableJson } from '../../core/json-text.js';
import type {
  AssistantMessage,
  ConversionResult,
  HistoryMessage,
  JsonValue,
  OpaquePart,
  ProviderData,
  TextPart,
  ToolCallPart,
  ToolResult,
} from '../../core/history.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  stringAt,
  typedEntries,
  type JsonObject,
} from '../../core/input-guards.js';
import { parseArgumentsValue } from '../shared/arguments-text.js';
import { readApproval } from '../vercel/from-vercel.js';
import { extrasOf, withOwnData } from '../shared/conversion-context.js';
import { TOOL_PART_STATES } from './vercel-ui-types.js';

const MESSAGE_KEYS = new Set(['role', 'parts']);
const TEXT_KEYS = new Set(['type', 'text']);
const TOOL_KEYS = new Set([
  'type',
  'toolName',
  'toolCallId',
  'state',
  'input',
  'output',
  'errorText',
]);
const STATES: ReadonlySet<unknown> = new Set(TOOL_PART_STATES);

/** Where a message was read from, with its extras. */
interface Located {
  readonly sourceIndex: number;
  readonly providerData?: ProviderData;
}

/** True for a `tool-<name>` or `dynamic-tool` part. */
export function isToolPart(part: JsonObject): boolean {
  return (
    typeof part.type === 'string' && (part.type.startsWith('tool-') || part.type === 'dynamic-tool')
  );
}

/**
 * Reads Vercel AI SDK (v5/v6) `UIMessage`s into a neutral history, as `convertToModelMessages`
 * does: an assistant message is one call turn per step (`step-start` parts begin a step), each
 * followed by the results of its tool parts; never warns. A part in `input-streaming`, or run by
 * the provider, stays whole as an opaque part; an `approval-responded` part of the last step
 * answers its call (`generateText` runs or denies it). `last` is the index of the message that
 * gives the SDK's last model messages: another where `messages` is a stretch of a history.
 * @throws {ToolHistoryError} `invalid-input` naming the index and field of a malformed message.
 */
export function fromVercelUi(
  messages: readonly unknown[],
  options: UiReadOptions = {},
): ConversionResult<HistoryMessage[]> {
  assertArray(messages, 'a `UIMessage[]`');
  const history: HistoryMessage[] = [];
  const lastIndex = options.last ?? lastMessageOf(messages);
  const ids = options.madeUp && new StepIds(messages, options.madeUp);
  for (let index = 0; index < messages.length; index++) {
    const { message, role, parts } = uiMessageAt(messages, index);
    const extras = extrasOf(message, MESSAGE_KEYS);
    const at: Located = withOwnData({ sourceIndex: index }, 'vercel-ui', extras);
    if (role === 'system') {
      const plain = parts.every(
        (part) => part.type === 'text' && extrasOf(part, TEXT_KEYS) === undefined,
      );
      const text = parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
      const data = plain ? at : withOwnData(at, 'vercel-ui', { ...extras, parts });
      history.push({ role: 'system', text, ...data });
    } else if (role === 'user') history.push({ role: 'user', parts: parts.map(readPart), ...at });
    else readAssistant(parts, index, index === lastIndex, at, history, ids);
  }
  return { messages: history, warnings: [] };
}

/** Options of {@link fromVercelUi}. */
export interface UiReadOptions {
  /** The message that gives the SDK's last model messages. @defaultValue {@link lastMessageOf} */
  readonly last?: number | undefined;
  /**
   * For repair: a call whose id repeats an earlier one of its step gets a made-up id, so its
   * result (in its own tool part) pairs with it; each made-up id is set here to the id as sent.
   */
  readonly madeUp?: Map<string, string> | undefined;
}

/**
 * The ids of one step's calls, telling a repeated id apart: a made-up id is the id as sent,
 * `\u0000` and a count, unlike every id of the messages read.
 */
class StepIds {
  private readonly step = new Set<string>();
  /** Every tool part's id in the messages read, once an id repeats. */
  private all: Set<unknown> | undefined;

  constructor(
    private readonly messages: readonly unknown[],
    private readonly madeUp: Map<string, string>,
  ) {}

  startStep(): void {
    this.step.clear();
  }

  /** The id the call gets: its own, or a made-up one when its own repeats in the step. */
  idOf(sent: string): string {
    if (!this.step.has(sent)) {
      this.step.add(sent);
      return sent;
    }
    const all = (this.all ??= toolCallIdsOf(this.messages));
    for (let count = 1; ; count++) {
      const id = `${sent}\u0000${String(count)}`;
      if (all.has(id) || this.madeUp.has(id)) continue;
      this.madeUp.set(id, sent);
      return id;
    }
  }
}

/** The id a made-up id ({@link UiReadOptions.madeUp}) stands for. */
export function sentCallId(id: string): string {
  return id.slice(0, id.lastIndexOf('\u0000'));
}

function toolCallIdsOf(messages: readonly unknown[]): Set<unknown> {
  const ids = new Set<unknown>();
  for (const message of messages)
    if (isObject(message) && Array.isArray(message.parts))
      for (const part of message.parts as unknown[]) if (isObject(part)) ids.add(part.toolCallId);
  return ids;
}

// One call turn per step, then the results of its tool parts.
function readAssistant(
  parts: readonly JsonObject[],
  index: number,
  isLast: boolean,
  at: Located,
  history: HistoryMessage[],
  ids: StepIds | undefined,
): void {
  const steps = stepsOf(parts);
  const lastStep = lastStepOf(steps);
  let start = 0;
  steps.forEach((step, stepIndex) => {
    ids?.startStep();
    const results: ToolResult[] = [];
    // Approval responses that answer no call: kept as `convertToModelMessages` writes them.
    const responses: JsonObject[] = [];
    const content: AssistantMessage['parts'][number][] = [];
    step.forEach((part, offset) => {
      const path = `messages[${index}].parts[${start + offset}]`;
      if (!isToolPart(part)) return content.push(readPart(part));
      if (!readsAsCall(part, path))
        return content.push({ type: 'opaque', format: 'vercel-ui', value: part });
      const read = readCall(part, path);
      const callId = ids?.idOf(read.callId) ?? read.callId;
      const call = callId === read.callId ? read : { ...read, callId };
      content.push(call);
      const approval = approvalParts(part, call.callId);
      if (approval) content.push({ type: 'opaque', format: 'vercel', value: approval.request });
      const result = readResult(part, call, path, index);
      const response = approval?.response;
      if (result) results.push(result);
      if (response && !result && isLast && stepIndex === lastStep)
        results.push(readApproval(response, { callId: call.callId, toolName: call.name }, index));
      else if (response) responses.push(response);
      return content.length;
    });
    start += step.length;
    const first = stepIndex === 0 ? at : { sourceIndex: index };
    history.push({ role: 'assistant', parts: content, ...first });
    const kept = responses.length > 0 ? { providerData: { vercel: { parts: responses } } } : {};
    if (results.length > 0 || responses.length > 0)
      history.push({ role: 'tool', results, sourceIndex: index, ...kept });
  });
}

// The approval parts `convertToModelMessages` writes for a tool part with an `approval`.
function approvalParts(
  part: JsonObject,
  toolCallId: string,
): { request: JsonObject; response: JsonObject | undefined } | undefined {
  const approval = part.approval;
  if (!isObject(approval) || typeof approval.id !== 'string') return undefined;
  const request = { type: 'tool-approval-request', approvalId: approval.id, toolCallId };
  if (typeof approval.approved !== 'boolean') return { request, response: undefined };
  const response: JsonObject = {
    type: 'tool-approval-response',
    approvalId: approval.id,
    approved: approval.approved,
    ...(typeof approval.reason === 'string' ? { reason: approval.reason } : {}),
  };
  return { request, response };
}

/** The message, its role and parts at `index`, checked. */
export function uiMessageAt(
  messages: readonly unknown[],
  index: number,
): { message: JsonObject; role: 'system' | 'user' | 'assistant'; parts: readonly JsonObject[] } {
  const message = objectAt(messages, index, 'messages', 'a UIMessage object');
  if (!Array.isArray(message.parts))
    throw invalidField(`messages[${index}].parts`, message.parts, 'an array of parts');
  const parts = typedEntries(message.parts as unknown[], index, 'parts', 'a part');
  const { role } = message;
  if (role !== 'system' && role !== 'user' && role !== 'assistant')
    throw invalidField(`messages[${index}].role`, role, "'system', 'user' or 'assistant'");
  return { message, role, parts };
}

/** The message that gives the SDK's last model messages: assistant messages after it give none. */
export function lastMessageOf(messages: readonly unknown[]): number {
  let last = messages.length - 1;
  while (last > 0 && givesNothing(messages[last])) last--;
  return last;
}

/** An assistant message's parts by step: a `step-start` part begins one. */
export function stepsOf(parts: readonly JsonObject[]): JsonObject[][] {
  const steps: JsonObject[][] = [[]];
  for (const part of parts) {
    if (part.type === 'step-start' && (steps.at(-1)?.length ?? 0) > 0) steps.push([]);
    steps.at(-1)?.push(part);
  }
  return steps;
}

/** The step that gives the SDK's last model messages: later ones may give none. */
export function lastStepOf(steps: readonly (readonly JsonObject[])[]): number {
  let lastStep = steps.length - 1;
  while (lastStep > 0 && !steps[lastStep]?.some(givesContent)) lastStep--;
  return lastStep;
}

/**
 * Whether a tool part is a call: not one still streaming its input or run by the provider.
 * @throws {ToolHistoryError} `invalid-input` for an unknown state.
 */
export function readsAsCall(part: JsonObject, path: string): boolean {
  if (!STATES.has(part.state))
    throw invalidField(`${path}.state`, part.state, `one of ${TOOL_PART_STATES.join(', ')}`);
  return isCallState(part);
}

/** Whether a tool part of a known state is a call (see {@link readsAsCall}). */
export function isCallState(part: JsonObject): boolean {
  return part.state !== 'input-streaming' && part.providerExecuted !== true;
}

/** The states whose tool part carries its call's result. */
export const RESULT_STATES: ReadonlySet<unknown> = new Set([
  'output-available',
  'output-error',
  'output-denied',
]);

function givesNothing(message: unknown): boolean {
  return (
    isObject(message) &&
    message.role === 'assistant' &&
    Array.isArray(message.parts) &&
    !(message.parts as unknown[]).some((part) => isObject(part) && givesContent(part))
  );
}

// What `convertToModelMessages` writes into a model message (data parts need `convertDataPart`).
function givesContent(part: JsonObject): boolean {
  if (isToolPart(part)) return part.state !== 'input-streaming';
  return part.type === 'text' || part.type === 'reasoning' || part.type === 'file';
}

function readCall(part: JsonObject, path: string): ToolCallPart {
  const dynamic = part.type === 'dynamic-tool';
  const name = dynamic ? stringAt(part.toolName, `${path}.toolName`) : String(part.type).slice(5);
  const extras = extrasOf(part, TOOL_KEYS);
  const call: ToolCallPart = {
    type: 'tool-call',
    callId: stringAt(part.toolCallId, `${path}.toolCallId`),
    name,
    ...parseArgumentsValue(part.input ?? {}, `${path}.input`),
  };
  return withOwnData(call, 'vercel-ui', dynamic ? { ...extras, dynamic: true } : extras);
}

// What the SDK sends for each state (ai 6.0.326 convertToModelMessages): the output, the error
// text, or for a denial the reason or its default sentence, as error text.
function readResult(
  part: JsonObject,
  call: ToolCallPart,
  path: string,
  sourceIndex: number,
): ToolResult | undefined {
  const { callId, name } = call;
  const approval = isObject(part.approval) ? part.approval : undefined;
  switch (part.state) {
    case 'output-available':
      assertWritableJson(part.output, `${path}.output`);
      return {
        callId,
        name,
        content: (part.output ?? null) as JsonValue,
        isError: false,
        sourceIndex,
      };
    case 'output-error':
      return {
        callId,
        name,
        content: stringAt(part.errorText, `${path}.errorText`),
        isError: true,
        sourceIndex,
      };
    case 'output-denied': {
      const reason = typeof approval?.reason === 'string' ? approval.reason : undefined;
      return {
        callId,
        name,
        content: reason ?? 'Tool call execution denied.',
        isError: true,
        sourceIndex,
      };
    }
    default:
      return undefined;
  }
}

function readPart(part: JsonObject): TextPart | OpaquePart {
  if (part.type !== 'text' || typeof part.text !== 'string')
    return { type: 'opaque', format: 'vercel-ui', value: part };
  const text: TextPart = { type: 'text', text: part.text };
  return withOwnData(text, 'vercel-ui', extrasOf(part, TEXT_KEYS));
}
