import { assertNever } from '../../core/input-guards.js';
import type {
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolHistory,
  ToolResult,
  ConversionWarning,
  ResultPart,
} from '../../core/history.js';
import {
  appendAll,
  answerWithoutName,
  CallNames,
  ConversionContext,
  type WriterOptions,
  withExtras,
} from '../shared/conversion-context.js';

// Anthropic Messages, Bedrock Converse and Gemini lay a history out the same way.

type Extras = Readonly<Record<string, unknown>> | undefined;

/** What differs between the formats: each block's shape and the warnings' wording. */
export interface BlockWriter<B> {
  readonly format: 'anthropic' | 'bedrock' | 'gemini';
  readonly movedSystem: string;
  /** Warnings' names for the call input and the result blocks. */
  readonly callInput: string;
  readonly resultBlocks: string;
  /** Results and the user message after them share one message (not Gemini). */
  readonly mergesResults: boolean;
  /** Keeps the result's name, so nothing is dropped when no call names it (Gemini). */
  readonly resultNames?: boolean | undefined;
  /** Write a user message of one plain text part as a string. */
  readonly plainUserText: boolean;
  text(text: string, extras: Extras): B;
  call(part: ToolCallPart, extras: Extras): B;
  result(result: ToolResult, extras: Extras, pieces: ResultPieces): B;
  /** Runs on an assistant message's blocks once written. */
  finishAssistant?: ((blocks: B[], index: number, context: ConversionContext) => void) | undefined;
}

/** What a writer needs for a result's `parts`: each piece's own extras, and a way to drop one. */
export interface ResultPieces {
  readonly own: (part: ResultPart) => Extras;
  /** Warns `dropped-content`: the result was written without the piece `what` describes. */
  readonly drop: (what: string) => void;
}

/** A written message: a string content only with `plainUserText`. */
export interface BlockMessage<B> {
  readonly role: 'user' | 'assistant';
  readonly content: string | B[];
}

/** What {@link writeBlocks} returns. */
export interface WrittenBlocks<B> {
  readonly messages: BlockMessage<B>[];
  readonly warnings: ConversionWarning[];
  readonly system: { readonly text: string; readonly [key: string]: unknown }[];
}

/** Writes a neutral history as block messages with `writer`'s blocks. */
export function writeBlocks<B>(
  history: ToolHistory,
  options: WriterOptions,
  writer: BlockWriter<B>,
): WrittenBlocks<B> {
  const context = new ConversionContext(writer.format, options);
  const names = new CallNames('turn');
  const messages: BlockMessage<B>[] = [];
  const system: WrittenBlocks<B>['system'] = [];
  // The user message of the latest results, while nothing else has followed it.
  let resultsTurn: B[] | undefined;
  const partBlocks = (part: TextPart | OpaquePart, index: number): B[] => {
    if (part.type === 'opaque') {
      const value = context.ownOpaque(part, index);
      return value === undefined ? [] : [value as B];
    }
    const extras = context.ownData(part.providerData, index);
    return part.text === '' ? [] : [writer.text(part.text, extras)];
  };
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system': {
        const extras = context.ownData(message.providerData, index);
        if (messages.length > 0 || system.length > 0)
          context.warn('moved-system-message', index, writer.movedSystem);
        system.push({ ...extras, text: message.text });
        break;
      }
      case 'user': {
        const extras = context.ownData(message.providerData, index);
        const blocks = message.parts.flatMap((part) => partBlocks(part, index));
        const [only] = message.parts;
        if (resultsTurn !== undefined) appendAll(resultsTurn, blocks);
        else if (
          writer.plainUserText &&
          message.parts.length === 1 &&
          only?.type === 'text' &&
          only.providerData === undefined &&
          blocks.length === 1
        )
          messages.push(withExtras(extras, { role: 'user', content: only.text }));
        else messages.push(withExtras(extras, { role: 'user', content: blocks }));
        resultsTurn = undefined;
        names.other();
        break;
      }
      case 'assistant': {
        resultsTurn = undefined;
        const extras = context.ownData(message.providerData, index);
        const content: B[] = [];
        let calls = false;
        for (const part of message.parts) {
          if (part.type !== 'tool-call') {
            content.push(...partBlocks(part, index));
            continue;
          }
          if (!calls) names.startTurn();
          calls = true;
          names.arm(part.callId, part.name);
          if (part.argumentsText !== undefined)
            context.warn(
              'dropped-arguments-text',
              index,
              `${writer.callInput} must be an object; the malformed argument text of "${part.callId}" was replaced by {}.`,
              part.callId,
            );
          content.push(writer.call(part, context.ownData(part.providerData, index, part.callId)));
        }
        if (!calls) names.other();
        writer.finishAssistant?.(content, index, context);
        messages.push(withExtras(extras, { role: 'assistant', content }));
        break;
      }
      case 'tool': {
        context.ownData(message.providerData, index);
        const blocks = message.results.map((result) => {
          if (writer.resultNames === true) names.answer(result.callId);
          else answerWithoutName(names, result, index, context, writer.resultBlocks);
          const { callId } = result;
          const pieces: ResultPieces = {
            own: (part) =>
              part.type === 'json' ? undefined : context.ownData(part.providerData, index, callId),
            drop: (what) => {
              context.warn(
                'dropped-content',
                index,
                `${writer.resultBlocks} cannot hold ${what}; the result of "${callId}" was written without it.`,
                callId,
              );
            },
          };
          return writer.result(result, context.ownData(result.providerData, index, callId), pieces);
        });
        if (resultsTurn !== undefined) appendAll(resultsTurn, blocks);
        else {
          if (writer.mergesResults) resultsTurn = blocks;
          messages.push({ role: 'user', content: blocks });
        }
        break;
      }
      default:
        assertNever(message, 'history message');
    }
  });
  return { messages, warnings: context.warnings, system };
}
