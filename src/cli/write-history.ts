/// <reference types="node" />
import { resolve } from 'node:path';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { locationOf, type Conversation, type InputLayout } from './read-conversations.js';
import type { Input } from './read-input.js';
import {
  createExactSerializer,
  encodeSource,
  locateMessages,
  numberTokens,
  restoreEscapedBytes,
  type SourceDocument,
  type Span,
} from './source-text.js';
import {
  createAtomicWriter,
  type AtomicWriter,
  errorCodeOf,
  escapeJsonUnsafe,
  jsonText,
  nodeFileSystem,
  writeOut,
  type CliIo,
  type OutputStream,
} from './write-output.js';

/**
 * Where `fix`, `convert` and `trim` write: a file (atomically) or stdout. `write` serializes a
 * conversation anew; `writeMessages` splices `messages` into the input's text, copying the
 * untouched ones byte for byte (don't mix the two). `reports` is stdout when writing a file.
 */
export interface HistorySink {
  write(conversation: Conversation, value: unknown): Promise<void>;
  writeMessages(conversation: Conversation, messages: readonly unknown[]): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
  readonly reports: OutputStream;
}

/**
 * Opens `-o FILE`, the input file with `--in-place`, or stdout.
 * @throws {ToolHistoryError} `invalid-input` when `-o` names the input file or cannot be written.
 */
export async function openHistorySink({
  args,
  input,
  io,
}: {
  readonly args: { readonly inPlace: boolean; readonly output: string | undefined };
  readonly input: Input;
  readonly io: CliIo;
}): Promise<HistorySink> {
  const fs = io.fs ?? nodeFileSystem;
  const target = args.inPlace ? input.path : args.output;
  const canonical = (path: string): Promise<string> => fs.realpath(path).catch(() => resolve(path));
  if (target !== undefined && !args.inPlace && input.path !== undefined)
    if ((await canonical(target)) === (await canonical(input.path)))
      throw new ToolHistoryError(
        'invalid-input',
        `-o ${target} is the input file; pass --in-place to overwrite it`,
      );
  let layout: InputLayout | undefined;
  let count = 0;
  const serialize = (conversation: Conversation, value: unknown): string => {
    layout ??= conversation.layout;
    count++;
    const text =
      conversation.layout === 'json'
        ? `${jsonText(value, 2)}\n`
        : conversation.layout === 'json-array'
          ? `${count === 1 ? '[\n' : ',\n'}${jsonText(value)}`
          : Array.isArray(value) && conversation.layout === 'jsonl-messages'
            ? value.map((message) => `${jsonText(message)}\n`).join('')
            : `${jsonText(value)}\n`;
    const where = locationOf(input, conversation);
    return restoreEscapedBytes(text, conversation.source.document.text, where);
  };
  const source = createSourceWriter();
  let lossless = false;
  const splice = (conversation: Conversation, messages: readonly unknown[]): string => {
    lossless = true;
    return source.write(conversation, messages, locationOf(input, conversation));
  };
  const closing = (): string => (lossless ? source.end() : layout === 'json-array' ? '\n]\n' : '');

  const cannotWrite = (error: unknown): never => {
    const reason = errorCodeOf(error) ?? (error instanceof Error ? error.message : String(error));
    throw new ToolHistoryError('invalid-input', `${target}: cannot write (${reason})`, {
      cause: error,
    });
  };
  let writer: AtomicWriter | undefined;
  if (target !== undefined) {
    // Fail before any work when the target cannot be a file (a directory).
    if ((await fs.stat(target).catch(() => undefined))?.isFile() === false)
      throw new ToolHistoryError('invalid-input', `${target}: cannot write (not a file)`);
    writer = await createAtomicWriter(target, fs).catch(cannotWrite);
  }
  const out = (text: string): Promise<void> =>
    writer === undefined
      ? writeOut(io.stdout, encodeSource(escapeJsonUnsafe(text)))
      : writer.write(text).catch(cannotWrite);
  return {
    write: (conversation, value) => out(serialize(conversation, value)),
    writeMessages: (conversation, messages) => out(splice(conversation, messages)),
    commit: async () => {
      await out(closing());
      await writer?.commit().catch(cannotWrite);
    },
    abort: async () => writer?.abort(),
    reports: writer === undefined ? io.stderr : io.stdout,
  };
}

/**
 * Writes conversations back into their source text: `write` returns the text from where the last
 * call stopped to the end of `conversation`'s messages, `end` the rest.
 */
function createSourceWriter(): {
  write(conversation: Conversation, messages: readonly unknown[], where: string): string;
  end(): string;
} {
  let document: SourceDocument | undefined;
  let cursor = 0;
  const end = (): string => {
    const text = document?.text.slice(cursor) ?? '';
    document = undefined;
    cursor = 0;
    return text;
  };
  return {
    write(conversation, messages, where) {
      const { source } = conversation;
      const before = source.document === document ? '' : end();
      document = source.document;
      const original = conversation.messages;
      // Unchanged: copied when the cursor moves on.
      if (messages.length === original.length && messages.every((m, i) => m === original[i]))
        return before;
      const { text } = document;
      if (source.kind === 'lines') {
        cursor = text.length;
        const all = { start: 0, end: text.length };
        return before + splice(text, all, source.lines, original, messages, where, true);
      }
      const { array, messages: spans } = locateMessages(source, conversation.container?.key);
      const head = text.slice(cursor, array.start);
      cursor = array.end;
      return before + head + splice(text, array, spans, original, messages, where, false);
    },
    end,
  };
}

/** The messages array (or, with `lines`, one message per line) with `messages` in it. */
function splice(
  text: string,
  array: Span,
  spans: readonly Span[],
  original: readonly unknown[],
  messages: readonly unknown[],
  where: string,
  lines: boolean,
): string {
  const indexOf = new Map(original.map((message, index) => [message, index]));
  const [first, second] = spans;
  const last = spans.at(-1);
  const open = lines || first === undefined ? '[' : text.slice(array.start, first.start);
  const close = lines || last === undefined ? ']' : text.slice(last.end, array.end);
  const separator =
    first !== undefined && second !== undefined
      ? text.slice(first.end, second.start)
      : `,${open.slice(1)}`;
  const newline = separator.lastIndexOf('\n');
  const indent = newline === -1 ? undefined : separator.slice(newline + 1);
  // New lines take the file's line break: CRLF files stay CRLF.
  const crlf = lines
    ? first !== undefined && text.slice(first.start, first.end).endsWith('\r\n')
    : separator[newline - 1] === '\r';
  const lineBreak = crlf ? '\r\n' : '\n';
  let serialize: ((value: unknown, indent?: number) => string) | undefined;
  // A rebuilt message equal to an input one (keys may be reordered) keeps the input's spelling.
  let byValue: Map<string | undefined, number> | undefined;
  const sameAs = (message: unknown): number | undefined => {
    byValue ??= new Map(original.map((value, index) => [sortedJson(value), index]));
    const key = sortedJson(message);
    return key === undefined ? undefined : byValue.get(key);
  };
  const pieces = messages.map((message, index) => {
    const span = spans[indexOf.get(message) ?? sameAs(message) ?? -1];
    if (span !== undefined) return text.slice(span.start, span.end);
    serialize ??= createExactSerializer(numberTokens(text, array), where);
    let json: string;
    try {
      json = serialize(message, lines || indent === undefined ? undefined : 2);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new ToolHistoryError(
        'invalid-input',
        `${where}: the message at index ${String(index)} changed and is too deeply nested or too large to write (${error.message}); nothing was written`,
        { cause: error },
      );
    }
    json = restoreEscapedBytes(json, text, where);
    if (lines) return `${json}${lineBreak}`;
    return indent === undefined ? json : json.replaceAll('\n', `${lineBreak}${indent}`);
  });
  // Before the first message: a byte order mark. A kept last line may lack its line break.
  if (lines)
    return (
      text.slice(array.start, first?.start ?? array.start) +
      pieces
        .map((piece, index) =>
          index < pieces.length - 1 && !piece.endsWith('\n') ? `${piece}${lineBreak}` : piece,
        )
        .join('')
    );
  return pieces.length === 0 ? '[]' : `${open}${pieces.join(separator)}${close}`;
}

/** JSON with every object's keys sorted, or `undefined` when nested too deeply to write. */
function sortedJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, member: unknown) =>
      typeof member === 'object' && member !== null && !Array.isArray(member)
        ? Object.fromEntries(
            Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : member,
    );
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
