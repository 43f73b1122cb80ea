import { assertNever, isObject } from '../../core/input-guards.js';
import type {
  AssistantMessage,
  ConversionResult,
  HistoryMessage,
  OpaquePart,
  ToolHistory,
  ToolResult,
  UserMessage,
} from '../../core/history.js';
import { ConversionContext } from '../shared/conversion-context.js';
import type { WriteFormatOptions } from '../shared/format-adapter.js';
import { isCallState, isToolPart, sentCallId } from './from-vercel-ui.js';
import type {
  ToolPartState,
  VercelUIMessage,
  VercelUIOtherPart,
  VercelUIToolPart,
} from './vercel-ui-types.js';

type UIPart = VercelUIMessage['parts'][number];

/**
 * Writes a neutral history as Vercel AI SDK `UIMessage`s: a call turn and its results become one
 * assistant message whose tool parts carry their outputs; a later step of a message read from
 * UI messages (its `step-start` first) joins it again. A message without an `id` gets `msg-<index>`.
 */
export function toVercelUi(
  history: ToolHistory,
  options: WriteFormatOptions = {},
): ConversionResult<VercelUIMessage[]> {
  const context = new ConversionContext('vercel-ui', options);
  const messages: VercelUIMessage[] = [];
  // The latest assistant message's tool parts by neutral call id, for the results that follow.
  let toolParts = new Map<string, number>();
  history.forEach((message, index) => {
    const previous = messages.at(-1);
    switch (message.role) {
      case 'system': {
        const { parts, ...extras } = context.ownData(message.providerData, index) ?? {};
        const written = Array.isArray(parts)
          ? (parts as UIPart[])
          : [{ type: 'text' as const, text: message.text }];
        messages.push({ id: `msg-${index}`, ...extras, role: 'system', parts: written });
        break;
      }
      case 'user':
      case 'assistant': {
        const extras = context.ownData(message.providerData, index);
        if (!joinsPrevious(message) || previous?.role !== 'assistant') {
          toolParts = new Map();
          const parts = writeParts(message, index, context, [], toolParts, options.omitIds);
          messages.push({ id: `msg-${index}`, ...extras, role: message.role, parts });
        } else writeParts(message, index, context, previous.parts, toolParts, options.omitIds);
        break;
      }
      case 'tool': {
        let reached = -1;
        // A result added to results read from UI messages (a repair's placeholder) had no order.
        const read = message.results.some((result) => result.sourceIndex !== undefined);
        for (const result of message.results) {
          const position = toolParts.get(result.callId);
          const added = read && result.sourceIndex === undefined;
          if (position !== undefined && position < reached && !added)
            context.warn(
              'reordered-parts',
              index,
              `UI messages hold results in their calls' tool parts: the result for call "${result.callId}" now comes in its call's order.`,
              result.callId,
            );
          reached = Math.max(reached, position ?? -1);
          const parts = previous?.role === 'assistant' ? previous.parts : undefined;
          const part = position === undefined ? undefined : parts?.[position];
          if (!parts || position === undefined || !isToolCallPart(part)) {
            context.warn(
              'dropped-content',
              index,
              `UI messages hold a result in its call's tool part; the result for call "${result.callId}" follows no such part and was left out.`,
              result.callId,
            );
            continue;
          }
          parts[position] = withResult(part, result, index, context);
        }
        break;
      }
      default:
        assertNever(message, 'history message');
    }
  });
  return { messages, warnings: context.warnings };
}

/**
 * Whether the writer puts `message` into the UI message before it: results go into their calls'
 * tool parts; a later step read from one UI message (`step-start` first, no message fields) joins it.
 */
export function joinsPrevious(message: HistoryMessage): boolean {
  if (message.role === 'tool') return true;
  const [first] = message.role === 'assistant' ? message.parts : [];
  return (
    message.providerData?.['vercel-ui'] === undefined &&
    first?.type === 'opaque' &&
    first.format === 'vercel-ui' &&
    isObject(first.value) &&
    first.value.type === 'step-start'
  );
}

function isApprovalRequest(part: OpaquePart): boolean {
  return (
    part.format === 'vercel' && isObject(part.value) && part.value.type === 'tool-approval-request'
  );
}

// A tool part that holds a call, so its result: not one the reader kept opaque.
function isToolCallPart(part: UIPart | undefined): part is VercelUIToolPart {
  return (
    part !== undefined &&
    typeof part.toolCallId === 'string' &&
    isToolPart(part) &&
    isCallState(part)
  );
}

/**
 * Writes `message`'s parts onto `parts`, and the position of each call's tool part into
 * `toolParts`; a made-up id (`madeUp`, see `UiReadOptions.madeUp`) is written as sent.
 */
function writeParts(
  message: UserMessage | AssistantMessage,
  index: number,
  context: ConversionContext,
  parts: UIPart[],
  toolParts: Map<string, number>,
  madeUp: ReadonlySet<string> | undefined,
): UIPart[] {
  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
        parts.push({ ...context.ownData(part.providerData, index), type: 'text', text: part.text });
        break;
      case 'tool-call': {
        const { dynamic, ...extras } = context.ownData(part.providerData, index, part.callId) ?? {};
        const approval = isObject(extras.approval) ? extras.approval : undefined;
        // Without a result the state says how far the call got.
        const state: ToolPartState =
          approval === undefined
            ? 'input-available'
            : typeof approval.approved === 'boolean'
              ? 'approval-responded'
              : 'approval-requested';
        const input = part.argumentsText ?? part.arguments;
        const toolCallId =
          madeUp?.has(part.callId) === true ? sentCallId(part.callId) : part.callId;
        const written: VercelUIToolPart =
          dynamic === true
            ? { ...extras, type: 'dynamic-tool', toolName: part.name, toolCallId, state, input }
            : { ...extras, type: `tool-${part.name}`, toolCallId, state, input };
        if (isToolCallPart(written)) toolParts.set(part.callId, parts.length);
        parts.push(written);
        break;
      }
      case 'opaque': {
        // The approval request read from a tool part's `approval` is written from it again.
        if (isApprovalRequest(part)) break;
        const value = context.ownOpaque(part, index);
        if (value !== undefined) parts.push(value as VercelUIOtherPart);
        break;
      }
      default:
        assertNever(part, 'message part');
    }
  }
  return parts;
}

// The tool part with its result: its output, its error text, or a denial.
function withResult(
  part: VercelUIToolPart,
  result: ToolResult,
  index: number,
  context: ConversionContext,
): VercelUIToolPart {
  // An approval read as the answer to its call: the part stays `approval-responded`.
  if (isObject(result.providerData?.vercel?.approval)) return part;
  // A result carries no extras in a tool part: other formats' are dropped with a warning.
  context.ownData(result.providerData, index, result.callId);
  // A tool part's output is the tool's own value: images and documents need the tool's toModelOutput.
  if (result.parts?.some((piece) => piece.type === 'image' || piece.type === 'document') === true)
    context.warn(
      'dropped-content',
      index,
      "A UI message's tool part holds the tool's output, not images or documents; they were left out (the result's text is kept).",
      result.callId,
    );
  const denied = part.approval?.approved === false;
  if (result.isError && denied) return Object.assign({}, part, { state: 'output-denied' as const });
  if (result.isError) {
    const errorText =
      typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
    return Object.assign({}, part, { state: 'output-error' as const, errorText });
  }
  return Object.assign({}, part, { state: 'output-available' as const, output: result.content });
}
