import { assertNever, isObject } from '../../core/input-guards.js';
import type { ToolHistory, ConversionResult } from '../../core/history.js';
import { ConversionContext, type WriterOptions } from '../shared/conversion-context.js';
import type { AiwrapperItem, AiwrapperMessage } from './aiwrapper-types.js';

/** The output of {@link toAiwrapper}: messages plus the collection's `instructions`. */
export interface AiwrapperConversionResult extends ConversionResult<AiwrapperMessage[]> {
  /** The system messages' text, joined by blank lines; `undefined` when there are none. */
  readonly instructions: string | undefined;
}

/**
 * Writes a neutral history as aiwrapper `LangMessage` shapes (`{ role, items, meta? }`) and `instructions`.
 */
export function toAiwrapper(
  history: ToolHistory,
  options: WriterOptions = {},
): AiwrapperConversionResult {
  const context = new ConversionContext('aiwrapper', options);
  const messages: AiwrapperMessage[] = [];
  const instructions: string[] = [];
  history.forEach((message, index) => {
    if (message.role === 'system') {
      context.ownData(message.providerData, index);
      if (messages.length > 0 || instructions.length > 0) {
        context.warn(
          'moved-system-message',
          index,
          'aiwrapper keeps the system prompt in `instructions`; this system message was moved there and joined with the others.',
        );
      }
      instructions.push(message.text);
      return;
    }
    const meta = context.ownData(message.providerData, index)?.meta;
    const items: AiwrapperItem[] = [];
    switch (message.role) {
      case 'user':
      case 'assistant':
        for (const part of message.parts) {
          if (part.type === 'text') {
            context.ownData(part.providerData, index);
            items.push({ type: 'text', text: part.text });
          } else if (part.type === 'tool-call') {
            context.ownData(part.providerData, index, part.callId);
            if (part.argumentsText !== undefined) {
              context.warn(
                'dropped-arguments-text',
                index,
                `aiwrapper tool arguments are an object; the malformed argument text of "${part.callId}" was replaced by {}.`,
                part.callId,
              );
            }
            items.push({
              type: 'tool',
              callId: part.callId,
              name: part.name,
              arguments: part.arguments,
            });
          } else {
            const value = context.ownOpaque(part, index);
            // Opaque parts in this format are items read by fromAiwrapper.
            if (value !== undefined) items.push(value as AiwrapperItem);
          }
        }
        messages.push(aiwrapperMessage(message.role, items, meta));
        return;
      case 'tool':
        for (const result of message.results) {
          context.ownData(result.providerData, index, result.callId);
          items.push({
            type: 'tool-result',
            callId: result.callId,
            name: result.name,
            result: result.content,
            ...(result.isError ? { isError: true as const } : {}),
          });
        }
        messages.push(aiwrapperMessage('tool-results', items, meta));
        return;
      default:
        assertNever(message, 'history message');
    }
  });
  return {
    messages,
    warnings: context.warnings,
    instructions: instructions.length === 0 ? undefined : instructions.join('\n\n'),
  };
}

/** A written message: one literal, with `meta` only when the message has meta of its own. */
function aiwrapperMessage(
  role: AiwrapperMessage['role'],
  items: readonly AiwrapperItem[],
  meta: unknown,
): AiwrapperMessage {
  return isObject(meta) ? { role, items: items, meta } : { role, items: items };
}
