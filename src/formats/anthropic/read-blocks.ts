import type {
  HistoryMessage,
  OpaquePart,
  TextPart,
  ToolCallPart,
  ToolResult,
  ConversionResult,
  ResultPart,
} from '../../core/history.js';
import { invalidField, isObject, objectAt, type JsonObject } from '../../core/input-guards.js';
import { appendAll, CallNames, extrasOf } from '../shared/conversion-context.js';

// Anthropic Messages and Bedrock Converse read the same way; results become tool messages.

/** What differs between the two formats: the checks and each block's fields. */
export interface BlockReader {
  readonly format: 'anthropic' | 'bedrock';
  readonly shape: string;
  blocksOf(message: JsonObject, index: number): readonly JsonObject[];
  /** The block's text, `undefined` when the block is not text. */
  text(block: JsonObject, index: number, blockIndex: number): string | undefined;
  /** A text block's fields that are not extras. */
  readonly textKeys: ReadonlySet<string>;
  /** `undefined` when the block is not a call. */
  call(block: JsonObject, index: number, blockIndex: number): ToolCallPart | undefined;
  /** `undefined` when the block is not a result. */
  result(
    block: JsonObject,
    index: number,
    blockIndex: number,
    nameOf: (callId: string) => string,
  ): ToolResult | undefined;
}

/** Reads checked `messages` into a neutral history after the system text, if any. */
export function readBlocks(
  messages: readonly unknown[],
  system: string | undefined,
  reader: BlockReader,
): ConversionResult<HistoryMessage[]> {
  const history: HistoryMessage[] = [];
  if (system !== undefined) history.push({ role: 'system', text: system });
  const names = new CallNames('turn');
  const nameOf = (callId: string): string => names.answer(callId) ?? '';
  const plain = (block: JsonObject, index: number, blockIndex: number): TextPart | OpaquePart => {
    const text = reader.text(block, index, blockIndex);
    if (text === undefined) return { type: 'opaque', format: reader.format, value: block };
    const extras = extrasOf(block, reader.textKeys);
    return extras === undefined
      ? { type: 'text', text }
      : { type: 'text', text, providerData: { [reader.format]: extras } };
  };
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', reader.shape);
    const blocks = reader.blocksOf(message, index);
    if (message.role === 'assistant') {
      const parts = blocks.map(
        (block, blockIndex) =>
          reader.call(block, index, blockIndex) ?? plain(block, index, blockIndex),
      );
      if (parts.some((part) => part.type === 'tool-call')) names.startTurn();
      else names.other();
      for (const part of parts) if (part.type === 'tool-call') names.arm(part.callId, part.name);
      history.push({ role: 'assistant', parts, sourceIndex: index });
      continue;
    }
    blocks.forEach((block, blockIndex) => {
      const last = history.at(-1);
      const same = last?.sourceIndex === index;
      const result = reader.result(block, index, blockIndex, nameOf);
      if (result !== undefined) {
        if (same && last.role === 'tool') appendAll(last.results, [result]);
        else history.push({ role: 'tool', results: [result], sourceIndex: index });
        return;
      }
      const part = plain(block, index, blockIndex);
      if (same && last.role === 'user') appendAll(last.parts, [part]);
      else {
        names.other();
        history.push({ role: 'user', parts: [part], sourceIndex: index });
      }
    });
    if (blocks.length === 0) {
      names.other();
      history.push({ role: 'user', parts: [], sourceIndex: index });
    }
  }
  return { messages: history, warnings: [] };
}

/**
 * A request's system blocks as one text, joined by a blank line; a block without text (a Bedrock
 * `cachePoint`) holds none of it. @throws {ToolHistoryError} `invalid-input` naming the field.
 */
export function systemText(blocks: unknown, field: string): string {
  if (!Array.isArray(blocks)) throw invalidField(field, blocks, 'an array of blocks with text');
  const texts: string[] = [];
  blocks.forEach((block: unknown, at) => {
    if (!isObject(block)) throw invalidField(`${field}[${at}]`, block, 'a block object');
    if (block.text === undefined) return;
    if (typeof block.text !== 'string')
      throw invalidField(`${field}[${at}].text`, block.text, 'a string');
    texts.push(block.text);
  });
  return texts.join('\n\n');
}

/** The texts of `blocks` (of those with `type` when given) joined. */
export function joinedText(blocks: readonly unknown[], type?: string): string {
  let text = '';
  for (const block of blocks)
    if (
      isObject(block) &&
      (type === undefined || block.type === type) &&
      typeof block.text === 'string'
    )
      text += block.text;
  return text;
}

/**
 * The pieces `read` makes of a result's blocks when one is media; `undefined` when none is, or
 * when `read` cannot make one of a block (the content is then kept whole).
 */
export function readPieces<T, P extends ResultPart>(
  content: readonly T[],
  read: (block: T) => P | undefined,
): P[] | undefined {
  const parts: P[] = [];
  for (const block of content) {
    const part = read(block);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts.some((part) => part.type === 'image' || part.type === 'document')
    ? parts
    : undefined;
}
