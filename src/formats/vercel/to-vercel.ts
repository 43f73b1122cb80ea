import { assertNever, isObject } from '../../core/input-guards.js';
import { withExtras, ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
import type {
  AssistantMessage,
  ToolHistory,
  ToolResult,
  UserMessage,
  ConversionResult,
} from '../../core/history.js';
import type {
  VercelAssistantMessage,
  VercelContentPiece,
  VercelJsonValue,
  VercelModelMessage,
  VercelOtherPart,
  VercelTextPart,
  VercelToolCallPart,
  VercelToolMessage,
  VercelToolResultOutput,
  VercelToolApprovalResponsePart,
  VercelToolResultPart,
  VercelUserMessage,
} from './vercel-types.js';
import { writeMediaPieces } from '../shared/media-pieces.js';
import { VERCEL_PIECES } from './from-vercel.js';

/** Writes a neutral history as Vercel AI SDK `ModelMessage`s. */
export function toVercel(
  history: ToolHistory,
  options: WriterOptions = {},
): ConversionResult<VercelModelMessage[]> {
  const context = new ConversionContext('vercel', options);
  const messages: VercelModelMessage[] = history.map((message, index): VercelModelMessage => {
    switch (message.role) {
      case 'system':
        return {
          ...context.ownData(message.providerData, index),
          role: 'system',
          content: message.text,
        };
      case 'user':
      case 'assistant':
        return writeTurn(message, index, context);
      case 'tool': {
        const { parts, ...extras } = context.ownData(message.providerData, index) ?? {};
        // Parts other than results (approval responses the SDK drops) go first, in the SDK's
        // order, so a result repair adds comes after the approval it follows.
        const content: VercelToolMessage['content'] = [
          ...(Array.isArray(parts) ? (parts as VercelToolApprovalResponsePart[]) : []),
          ...message.results.map((result) => writeResult(result, index, context)),
        ];
        return { ...extras, role: 'tool', content } satisfies VercelToolMessage;
      }
      default:
        return assertNever(message, 'history message');
    }
  });
  return { messages, warnings: context.warnings };
}

/** A user or assistant message: its text alone as a string, else its parts. */
function writeTurn(
  message: UserMessage | AssistantMessage,
  index: number,
  context: ConversionContext,
): VercelUserMessage | VercelAssistantMessage {
  const extras = context.ownData(message.providerData, index);
  const content = context.writeContent<VercelTextPart | VercelToolCallPart | VercelOtherPart>(
    message.parts,
    index,
    'text',
    (part) =>
      withExtras(context.ownData(part.providerData, index, part.callId), {
        type: 'tool-call' as const,
        toolCallId: part.callId,
        toolName: part.name,
        input: part.argumentsText ?? part.arguments,
      }),
  );
  return { ...extras, role: message.role, content } as VercelUserMessage | VercelAssistantMessage;
}

function writeResult(
  result: ToolResult,
  index: number,
  context: ConversionContext,
): VercelToolResultPart | VercelToolApprovalResponsePart {
  const own = context.ownData(result.providerData, index, result.callId);
  // An approval read as the answer to its call goes back as it was.
  if (isObject(own?.approval)) return own.approval as VercelToolApprovalResponsePart;
  const { output: stored, ...extras } = own ?? {};
  const output: VercelToolResultOutput =
    isObject(stored) && typeof stored.type === 'string'
      ? // An output read as `content` or `execution-denied` goes back whole.
        (stored as VercelToolResultOutput)
      : result.parts !== undefined
        ? contentOutput(result, index, context)
        : typeof result.content === 'string'
          ? { type: result.isError ? 'error-text' : 'text', value: result.content }
          : {
              type: result.isError ? 'error-json' : 'json',
              value: result.content as VercelJsonValue,
            };
  const part: VercelToolResultPart = {
    type: 'tool-result',
    toolCallId: result.callId,
    toolName: result.name,
    output,
  };
  return own === undefined ? part : { ...extras, ...part };
}

/** A result with images or documents as a `content` output; it has no error flag. */
function contentOutput(
  result: ToolResult,
  index: number,
  context: ConversionContext,
): VercelToolResultOutput {
  const { pieces, lost } = writeMediaPieces(result.parts ?? [], VERCEL_PIECES);
  for (const what of lost)
    context.warn(
      'dropped-content',
      index,
      `The AI SDK's content output cannot hold ${what}; it was left out.`,
      result.callId,
    );
  if (result.isError)
    context.warn(
      'dropped-error-flag',
      index,
      "The AI SDK's content output has no error flag; the error mark of the result was left out.",
      result.callId,
    );
  return { type: 'content', value: pieces as unknown as VercelContentPiece[] };
}
