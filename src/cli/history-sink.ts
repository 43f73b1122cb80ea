/// <reference types="node" />
import { resolve } from 'node:path';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { createAtomicWriter } from './atomic-writer.js';
import {
  nodeFileSystem,
  writeOut,
  type CliFileSystem,
  type OutputStream,
  escapeJsonUnsafe,
  jsonText,
} from './cli-io.js';
import {
  errorMessageOf,
  forEachConversation,
  locationOf,
  type CommandContext,
  type FormattedConversation,
  reportUnreadable,
} from './command-context.js';
import { errorCodeOf } from './open-input.js';
import type { Conversation, InputLayout, MessageKey } from './read-conversations.js';
import { encodeSource, restoreEscapedBytes } from './source-text.js';
import { createSourceWriter } from './source-writer.js';

/** Where `fix`, `convert` and `trim` write histories: a file (atomically) or stdout. */
export interface HistorySink {
  /** Writes one conversation in the input's layout. */
  write(conversation: Conversation, value: unknown): Promise<void>;
  /**
   * Writes one conversation with `messages` in place of its own, into the input's own text: only
   * the messages that are not the input's own objects are serialized; everything else is copied
   * byte for byte (see {@link createSourceWriter}). Don't mix with {@link HistorySink.write}.
   */
  writeMessages(conversation: Conversation, messages: readonly unknown[]): Promise<void>;
  /** Finishes the output: renames the temp file over the target. */
  commit(): Promise<void>;
  /** Drops the output: the target file is left as it was. */
  abort(): Promise<void>;
  /** Where reports go: stdout when the history goes to a file, else stderr. */
  readonly reports: OutputStream;
}

/**
 * Opens the output of a writing command: `-o FILE`, the input file with `--in-place`, or stdout.
 * A file is written to a temp file beside it and renamed into place on {@link HistorySink.commit},
 * so it is never half-written.
 *
 * @throws {ToolHistoryError} `invalid-input` when `-o` names the input file (use `--in-place`).
 */
export async function openHistorySink(context: CommandContext): Promise<HistorySink> {
  const { args, input, io } = context;
  const target = args.inPlace ? input.path : args.output;
  if (
    target !== undefined &&
    !args.inPlace &&
    input.path !== undefined &&
    (await sameFile(target, input.path, io.fs ?? nodeFileSystem))
  ) {
    throw new ToolHistoryError(
      'invalid-input',
      `-o ${target} is the input file; pass --in-place to overwrite it`,
    );
  }
  let layout: InputLayout | undefined;
  let count = 0;
  // Bytes that are not UTF-8 come back as they were (see restoreEscapedBytes), not as \udcXX.
  const serialize = (conversation: Conversation, value: unknown): string =>
    restoreEscapedBytes(
      serializeRaw(conversation, value),
      conversation.source.document.text,
      locationOf(input, conversation),
    );
  const serializeRaw = (conversation: Conversation, value: unknown): string => {
    layout ??= conversation.layout;
    count++;
    switch (conversation.layout) {
      case 'json':
        return `${jsonText(value, 2)}\n`;
      case 'json-array':
        return `${count === 1 ? '[\n' : ',\n'}${jsonText(value)}`;
      case 'jsonl':
        return `${jsonText(value)}\n`;
      case 'jsonl-messages':
        return Array.isArray(value)
          ? value.map((message) => `${jsonText(message)}\n`).join('')
          : `${jsonText(value)}\n`;
    }
  };
  const source = createSourceWriter();
  let lossless = false;
  const splice = (conversation: Conversation, messages: readonly unknown[]): string => {
    lossless = true;
    return source.write(conversation, messages, locationOf(input, conversation));
  };
  const closing = (): string => (lossless ? source.end() : layout === 'json-array' ? '\n]\n' : '');

  if (target === undefined) {
    return {
      write: (conversation, value) =>
        writeOut(io.stdout, encodeSource(serialize(conversation, value))),
      // On a terminal or a pipe, the same JSON with terminal controls in strings escaped.
      writeMessages: (conversation, messages) =>
        writeOut(io.stdout, encodeSource(escapeJsonUnsafe(splice(conversation, messages)))),
      commit: () => writeOut(io.stdout, encodeSource(escapeJsonUnsafe(closing()))),
      abort: () => Promise.resolve(),
      reports: io.stderr,
    };
  }
  const cannotWrite = (error: unknown): never => {
    throw new ToolHistoryError(
      'invalid-input',
      `${target}: cannot write (${errorCodeOf(error) ?? errorMessageOf(error)})`,
      { cause: error },
    );
  };
  // Fail before any work (and any report) when the target cannot be a file: a directory, say.
  const existing = await (io.fs ?? nodeFileSystem).stat(target).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    throw new ToolHistoryError('invalid-input', `${target}: cannot write (not a file)`);
  }
  const writer = await createAtomicWriter(target, io.fs).catch(cannotWrite);
  return {
    write: (conversation, value) => writer.write(serialize(conversation, value)).catch(cannotWrite),
    writeMessages: (conversation, messages) =>
      writer.write(splice(conversation, messages)).catch(cannotWrite),
    commit: async () => {
      try {
        await writer.write(closing());
        await writer.commit();
      } catch (error) {
        await writer.abort();
        cannotWrite(error);
      }
    },
    abort: () => writer.abort(),
    reports: io.stdout,
  };
}

/**
 * The conversation with `messages` in place of its own: a bare array, or its object with the
 * messages under `key` (another key when a conversion changes it) and `extra` fields merged in.
 */
export function withMessages(
  conversation: Conversation,
  messages: readonly unknown[],
  key?: MessageKey,
  extra: Readonly<Record<string, unknown>> = {},
): unknown {
  const container = conversation.container;
  if (container === undefined)
    return Object.keys(extra).length === 0 ? messages : { ...extra, [key ?? 'messages']: messages };
  if (key === undefined || key === container.key)
    return { ...container.value, ...extra, [container.key]: messages };
  const rest = Object.fromEntries(
    Object.entries(container.value).filter(([name]) => name !== container.key),
  );
  return { ...rest, ...extra, [key]: messages };
}

async function sameFile(a: string, b: string, fs: CliFileSystem): Promise<boolean> {
  const canonical = (path: string): Promise<string> => fs.realpath(path).catch(() => resolve(path));
  return (await canonical(a)) === (await canonical(b));
}

/** One writing command's work on a conversation: compute (a throw means it cannot be read), then emit. */
export interface ConversationTransform<R> {
  /** Computes the new history; throwing marks the conversation unreadable. */
  compute(conversation: FormattedConversation): R;
  /** Writes the result to the sink and reports on it. */
  emit(conversation: FormattedConversation, result: R, sink: HistorySink): Promise<void>;
}

/**
 * Runs a writing command (`fix`, `convert`, `trim`) over every conversation into a sink opened for
 * it, all or nothing: the output is committed only when every conversation could be read and
 * transformed; otherwise each unreadable one is reported, the output is dropped (a file is left as
 * it was) and this returns `undefined`.
 */
export async function transformConversations<R>(
  context: CommandContext,
  transform: ConversationTransform<R>,
): Promise<HistorySink | undefined> {
  const sink = await openHistorySink(context);
  // An object, not a `let`: the flag is set inside callbacks, where narrowing cannot follow it.
  const state = { failed: false };
  try {
    await forEachConversation(context, {
      conversation: async (conversation) => {
        if (state.failed) return;
        let result: R;
        try {
          result = transform.compute(conversation);
        } catch (error) {
          state.failed = true;
          await reportUnreadable(context, {
            ...conversation,
            kind: 'unreadable',
            column: undefined,
            reason: errorMessageOf(error),
          });
          return;
        }
        await transform.emit(conversation, result, sink);
      },
      unreadable: async (record) => {
        state.failed = true;
        await reportUnreadable(context, record);
      },
    });
  } catch (error) {
    await sink.abort();
    throw error;
  }
  if (state.failed) {
    await sink.abort();
    return undefined;
  }
  await sink.commit();
  return sink;
}
