import { assertNever, isObject } from '../../core/input-guards.js';
import {
  lostMedia,
  type AssistantMessage,
  type ToolHistory,
  type ToolResult,
  type ConversionResult,
} from '../../core/history.js';
import { ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
import type { AiwrapperItem, AiwrapperMessage } from './aiwrapper-types.js';

/** The output of {@link toAiwrapper}: messages plus the collection's `instructions`. */
export interface AiwrapperConversionResult extends ConversionResult<AiwrapperMessage[]> {
  /** The system messages' text, joined by blank lines; `undefined` when there are none. */
  readonly instructions: string | undefined;
}

/** Writes a neutral history as aiwrapper `LangMessage` shapes (`{ role, items, meta? }`) and `instructions`. */
export function toAiwrapper(
  history: ToolHistory,
  options: WriterOptions = {},
): AiwrapperConversionResult {
  const context = new ConversionContext('aiwrapper', options);
  const messages: AiwrapperMessage[] = [];
  const instructions: string[] = [];
  history.forEach((message, index) => {
    const meta: unknown = context.ownData(message.providerData, index)?.meta;
    if (message.role === 'system') {
      if (messages.length > 0 || instructions.length > 0)
        context.warn(
          'moved-system-message',
          index,
          'aiwrapper keeps the system prompt in `instructions`; this system message was moved there and joined with the others.',
        );
      instructions.push(message.text);
      return;
    }
    const items: AiwrapperItem[] =
      message.role === 'tool'
        ? message.results.map((result) => {
            context.ownData(result.providerData, index, result.callId);
            const { callId, name, content } = result;
            const item = { type: 'tool-result' as const, callId, name, result: content };
            return result.isError ? { ...item, isError: true as const } : item;
          })
        : message.parts.flatMap((part): AiwrapperItem[] => writePart(part, index, context));
    const role = message.role === 'tool' ? 'tool-results' : message.role;
    messages.push(isObject(meta) ? { role, items, meta } : { role, items });
    if (message.role === 'tool') {
      // aiwrapper results are JSON: their images follow as a user message, as Chat's do.
      const images = message.results.flatMap((result) => resultImages(result, index, context));
      if (images.length > 0) messages.push({ role: 'user', items: images });
    }
  });
  return {
    messages,
    warnings: context.warnings,
    instructions: instructions.length === 0 ? undefined : instructions.join('\n\n'),
  };
}

/** A result's images as `image` items; other media is named in a `dropped-content` warning. */
function resultImages(
  result: ToolResult,
  index: number,
  context: ConversionContext,
): AiwrapperItem[] {
  const items: AiwrapperItem[] = [];
  for (const part of result.parts ?? []) {
    if (part.type === 'text' || part.type === 'json') continue;
    context.ownData(part.providerData, index, result.callId);
    const mime = part.mediaType === undefined ? {} : { mimeType: part.mediaType };
    // `metadata` names the call, so the reader puts the image back in its result.
    const metadata = { toolCallId: result.callId };
    const source = part.data === undefined ? part.url && { url: part.url } : { base64: part.data };
    if (part.type === 'image' && source !== undefined) {
      items.push({ type: 'image', ...source, ...mime, metadata });
      const lost = lostMedia(part, {
        type: 'image',
        ...(part.data === undefined ? { url: part.url } : { data: part.data }),
        mediaType: part.mediaType,
      });
      if (lost !== undefined)
        context.warn(
          'dropped-content',
          index,
          `aiwrapper image items cannot hold ${lost}; it was left out.`,
          result.callId,
        );
    } else
      context.warn(
        'dropped-content',
        index,
        `aiwrapper messages hold images only (as base64 or a URL); a ${part.type} of the result for "${result.callId}"${part.mediaType === undefined ? '' : ` (${part.mediaType})`} was left out.`,
        result.callId,
      );
  }
  return items;
}

function writePart(
  part: AssistantMessage['parts'][number],
  index: number,
  context: ConversionContext,
): AiwrapperItem[] {
  switch (part.type) {
    case 'text':
      context.ownData(part.providerData, index);
      return [{ type: 'text', text: part.text }];
    case 'tool-call':
      context.ownData(part.providerData, index, part.callId);
      if (part.argumentsText !== undefined)
        context.warn(
          'dropped-arguments-text',
          index,
          `aiwrapper tool arguments are an object; the malformed argument text of "${part.callId}" was replaced by {}.`,
          part.callId,
        );
      return [{ type: 'tool', callId: part.callId, name: part.name, arguments: part.arguments }];
    case 'opaque': {
      // Opaque parts in this format are items read by fromAiwrapper.
      const value = context.ownOpaque(part, index);
      return value === undefined ? [] : [value as AiwrapperItem];
    }
    default:
      return assertNever(part, 'message part');
  }
}
