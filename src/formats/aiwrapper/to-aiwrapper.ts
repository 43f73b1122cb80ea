import { assertNever, isObject } from '../../core/input-guards.js';
import type { AssistantMessage, ToolHistory, ConversionResult } from '../../core/history.js';
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
  });
  return {
    messages,
    warnings: context.warnings,
    instructions: instructions.length === 0 ? undefined : instructions.join('\n\n'),
  };
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
