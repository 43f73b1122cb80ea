import { conversationView } from '../view/conversation-view.js';
import { viewPageParts } from '../view/render-history-html.js';
import type { CommandContext } from './each-conversation.js';
import { readConversations } from './read-conversations.js';
import { detectFormat } from './read-input.js';
import {
  createAtomicWriter,
  errorCodeOf,
  errorMessageOf,
  locationOf,
  nodeFileSystem,
  terminalLine,
  writeOut,
} from './write-output.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';

/**
 * `view`: writes one self-contained HTML page of every conversation (to -o FILE, or stdout),
 * conversation by conversation; exit 2 when one could not be read (it is shown with the reason).
 */
export async function runView({ args, io, input }: CommandContext): Promise<number> {
  const page = viewPageParts({ title: `${input.name}: tool-call history` });
  const target = args.output;
  const cannotWrite = (error: unknown): never => {
    const reason = errorCodeOf(error) ?? errorMessageOf(error);
    throw new ToolHistoryError('invalid-input', `${target ?? 'stdout'}: cannot write (${reason})`, {
      cause: error,
    });
  };
  const file =
    target === undefined
      ? undefined
      : await createAtomicWriter(target, io.fs ?? nodeFileSystem).catch(cannotWrite);
  const write = (text: string): Promise<void> =>
    file === undefined ? writeOut(io.stdout, text) : file.write(text).catch(cannotWrite);
  let unreadable = 0;
  let count = 0;
  try {
    await write(page.head);
    for await (const record of readConversations(input.chunks, io.maxLineLength)) {
      const title = `#${String(record.number)}${record.layout === 'jsonl' ? ` (line ${String(record.line)})` : ''}`;
      let view;
      if (record.kind === 'unreadable') {
        unreadable++;
        const where = locationOf(input, record, record.column);
        await writeOut(io.stderr, terminalLine(`${where}: ${record.reason}`));
        view = conversationView([], { title, format: args.format });
        view = { ...view, error: record.reason };
      } else {
        const format = args.format ?? detectFormat(record.messages, record.container?.key).format;
        const { provider, model, thinking } = args;
        view = conversationView(record.messages, { title, format, provider, model, thinking });
      }
      count++;
      await write(page.conversation(view));
    }
    await write(page.tail());
    await file?.commit().catch(cannotWrite);
  } catch (error) {
    await file?.abort();
    throw error;
  }
  if (target !== undefined)
    await writeOut(
      io.stdout,
      terminalLine(`${input.name}: wrote the view of ${String(count)} conversations to ${target}`),
    );
  return unreadable > 0 ? 2 : 0;
}
