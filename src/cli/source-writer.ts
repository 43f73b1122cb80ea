import { ToolHistoryError } from '../errors/tool-history-error.js';
import { createExactSerializer } from './exact-numbers.js';
import { restoreEscapedBytes } from './source-text.js';
import { locateMessages, numberTokens, type SourceDocument, type Span } from './json-source.js';
import type { Conversation } from './read-conversations.js';

/**
 * Writes conversations back into their source text, changing only the messages a command
 * replaced: the text between and around conversations (other fields, whitespace, blank lines) and
 * every message that comes back as the input's own object are copied byte for byte. A
 * conversation whose messages all come back as they were is its original text.
 */
export interface SourceWriter {
  /** The text from where the last call stopped up to the end of `conversation`'s messages. */
  write(conversation: Conversation, messages: readonly unknown[], where: string): string;
  /** The rest of the last source text. */
  end(): string;
}

/** A {@link SourceWriter} for one output. */
export function createSourceWriter(): SourceWriter {
  let document: SourceDocument | undefined;
  let cursor = 0;
  const rest = (): string => {
    const text = document === undefined ? '' : document.text.slice(cursor);
    document = undefined;
    cursor = 0;
    return text;
  };
  return {
    write(conversation, messages, where) {
      const source = conversation.source;
      const before = source.document === document ? '' : rest();
      document = source.document;
      // Unchanged: nothing to splice, so no need to scan; the text is copied when the cursor moves.
      if (sameMessages(conversation.messages, messages)) return before;
      const text = document.text;
      if (source.kind === 'lines') {
        cursor = text.length;
        return (
          before +
          spliceMessages(text, { start: 0, end: text.length }, source.lines, {
            original: conversation.messages,
            messages,
            where,
            lines: true,
          })
        );
      }
      const located = locateMessages(source, conversation.container?.key);
      const head = text.slice(cursor, located.array.start);
      cursor = located.array.end;
      return (
        before +
        head +
        spliceMessages(text, located.array, located.messages, {
          original: conversation.messages,
          messages,
          where,
          lines: false,
        })
      );
    },
    end: rest,
  };
}

interface Splice {
  readonly original: readonly unknown[];
  readonly messages: readonly unknown[];
  readonly where: string;
  /** One message per line (spans include their line breaks), rather than a JSON array. */
  readonly lines: boolean;
}

function spliceMessages(
  text: string,
  array: Span,
  spans: readonly Span[],
  { original, messages, where, lines }: Splice,
): string {
  if (sameMessages(original, messages)) return text.slice(array.start, array.end);
  const indexOf = new Map<unknown, number>();
  original.forEach((message, index) => indexOf.set(message, index));
  const first = spans[0];
  const last = spans.at(-1);
  const open = lines || first === undefined ? '[' : text.slice(array.start, first.start);
  const close = lines || last === undefined ? ']' : text.slice(last.end, array.end);
  const second = spans[1];
  const separator =
    first !== undefined && second !== undefined
      ? text.slice(first.end, second.start)
      : `,${open.slice(1)}`;
  const newline = separator.lastIndexOf('\n');
  const indent = newline === -1 ? undefined : separator.slice(newline + 1);
  // New lines take the file's line break: CRLF files stay CRLF.
  const lineBreak = lines
    ? first !== undefined && text.slice(first.start, first.end).endsWith('\r\n')
      ? '\r\n'
      : '\n'
    : separator[newline - 1] === '\r'
      ? '\r\n'
      : '\n';
  let serialize: ((value: unknown, indent?: number) => string) | undefined;
  // A message rebuilt equal to one of the input's (a whole-history repair rebuilds them all, and
  // converters may reorder keys) is written as the input spelled it, too.
  let byValue: Map<string, number> | undefined;
  const sameAs = (message: unknown): number | undefined => {
    if (byValue === undefined) {
      byValue = new Map();
      for (const [index, value] of original.entries()) byValue.set(sortedJson(value), index);
    }
    return byValue.get(sortedJson(message));
  };
  const pieces = messages.map((message, index) => {
    const span = spans[indexOf.get(message) ?? sameAs(message) ?? -1];
    if (span !== undefined) return text.slice(span.start, span.end);
    serialize ??= createExactSerializer(numberTokens(text, array), where);
    let json: string;
    try {
      json = restoreEscapedBytes(
        serialize(message, lines || indent === undefined ? undefined : 2),
        text,
        where,
      );
    } catch (error) {
      // JSON.stringify recurses: a changed message nested deeper than the stack cannot be written.
      if (!(error instanceof RangeError)) throw error;
      throw new ToolHistoryError(
        'invalid-input',
        `${where}: the message at index ${String(index)} changed and is too deeply nested or too large to write (${error.message}); nothing was written`,
        { cause: error },
      );
    }
    if (lines) return `${json}${lineBreak}`;
    return indent === undefined ? json : json.replaceAll('\n', `${lineBreak}${indent}`);
  });
  if (lines)
    return (
      // What comes before the first message: a byte order mark.
      text.slice(array.start, first?.start ?? array.start) +
      pieces
        .map((piece, index) =>
          index < pieces.length - 1 && !piece.endsWith('\n') ? `${piece}${lineBreak}` : piece,
        )
        .join('')
    );
  if (pieces.length === 0) return '[]';
  return `${open}${pieces.join(separator)}${close}`;
}

type Piece = { readonly text: string } | { readonly value: unknown };

/**
 * JSON text with every object's keys sorted: equal for equal JSON values, whatever the key order.
 * Built with an explicit stack, so a field nested far deeper than the call stack allows (a
 * 100,000-deep array the command never touches) is compared like any other.
 */
function sortedJson(value: unknown): string {
  const out: string[] = [];
  const stack: Piece[] = [{ value }];
  for (let piece = stack.pop(); piece !== undefined; piece = stack.pop()) {
    if ('text' in piece) {
      out.push(piece.text);
      continue;
    }
    const item = piece.value;
    if (typeof item !== 'object' || item === null) {
      out.push(item === undefined ? 'null' : JSON.stringify(item));
      continue;
    }
    if (Array.isArray(item)) {
      stack.push({ text: ']' });
      for (let index = item.length - 1; index >= 0; index--) {
        stack.push({ value: item[index] as unknown });
        if (index > 0) stack.push({ text: ',' });
      }
      stack.push({ text: '[' });
      continue;
    }
    const entries = Object.entries(item)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    stack.push({ text: '}' });
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, member] = entries[index] as [string, unknown];
      stack.push({ value: member });
      stack.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
    }
    stack.push({ text: '{' });
  }
  return out.join('');
}

function sameMessages(original: readonly unknown[], messages: readonly unknown[]): boolean {
  return (
    messages.length === original.length &&
    messages.every((message, index) => message === original[index])
  );
}
