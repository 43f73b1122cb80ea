import type { MessageFormat } from '../core/format.js';
import type { ConversionWarning } from '../core/conversion-result.js';
import { convertHistory, fromFormat } from '../convert/convert-history.js';
import { adapterFor } from '../formats/index.js';
import { writeOut, type OutputStream, jsonText, terminalLine } from './cli-io.js';
import {
  arrayNameOf,
  locationOf,
  type CommandContext,
  type FormattedConversation,
  plural,
} from './command-context.js';
import { transformConversations, withMessages } from './history-sink.js';
import type { MessageKey } from './read-conversations.js';

/**
 * `convert --to FORMAT`: converts every conversation with `convertHistory` and writes it in the
 * input's layout, the messages under the target's key (`contents` for Gemini, `input` for the
 * Responses API, else `messages`). A system prompt held outside the messages (Anthropic `system`,
 * Gemini `systemInstruction`, aiwrapper `instructions`) is carried over too; when the target holds
 * it outside as well, a bare array becomes an object with it. Each warning (what the target
 * cannot carry) is printed.
 *
 * Exit code: 0, or 2 when a conversation cannot be read (then no output file is written).
 */
export async function runConvert(context: CommandContext): Promise<number> {
  const { args, input } = context;
  const to = args.to ?? 'openai-chat';
  let warningCount = 0;
  let conversations = 0;
  const sink = await transformConversations(context, {
    compute: (conversation) => convert(conversation, to),
    emit: async (conversation, converted, output) => {
      conversations++;
      await output.write(conversation, converted.value);
      warningCount += converted.warnings.length;
      await reportWarnings(context, conversation, converted.warnings, output.reports);
    },
  });
  if (sink === undefined) return 2;
  if (!args.json)
    await writeOut(
      sink.reports,
      terminalLine(
        `${input.name}: converted ${plural(conversations, 'conversation')} to ${to}, ${plural(warningCount, 'warning')}`,
      ),
    );
  return 0;
}

function convert(
  conversation: FormattedConversation,
  to: MessageFormat,
): { readonly value: unknown; readonly warnings: readonly ConversionWarning[] } {
  const from = conversation.format;
  const result = convertHistory(conversation.messages, { from, to });
  const warnings = [...result.warnings];
  let messages: readonly unknown[] = result.messages;
  const extra: Record<string, unknown> = { ...outOfBandSystem(result) };

  // A system prompt outside the messages: read it with the source's converter, then write it
  // as a one-message history in the target format, in band or out of band as the target keeps it.
  const sourceField = adapterFor(from).systemField;
  let container = conversation.container?.value;
  const systemValue = sourceField === undefined ? undefined : container?.[sourceField];
  if (sourceField !== undefined && container !== undefined && systemValue !== undefined) {
    container = Object.fromEntries(
      Object.entries(container).filter(([name]) => name !== sourceField),
    );
    const text = systemTextOf(from, sourceField, systemValue);
    if (text !== undefined) {
      const system = convertHistory([{ role: 'system', content: text }], {
        from: 'openai-chat',
        to,
      });
      messages = [...system.messages, ...messages];
      Object.assign(extra, outOfBandSystem(system));
    }
  }
  const key = keyOf(to);
  const base =
    container === undefined || conversation.container === undefined
      ? conversation
      : { ...conversation, container: { key: conversation.container.key, value: container } };
  const needsObject = conversation.container === undefined && Object.keys(extra).length > 0;
  return {
    value: withMessages(
      base,
      messages,
      needsObject || conversation.container !== undefined ? key : undefined,
      extra,
    ),
    warnings,
  };
}

function outOfBandSystem(result: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of ['system', 'systemInstruction', 'instructions']) {
    const value: unknown = (result as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

function systemTextOf(
  format: MessageFormat,
  field: 'system' | 'systemInstruction' | 'instructions',
  value: unknown,
): string | undefined {
  const first = fromFormat([], format, { [field]: value }).messages[0];
  return first?.role === 'system' ? first.text : undefined;
}

function keyOf(format: MessageFormat): MessageKey {
  return adapterFor(format).messagesKey;
}

async function reportWarnings(
  context: CommandContext,
  conversation: FormattedConversation,
  warnings: readonly ConversionWarning[],
  stream: OutputStream,
): Promise<void> {
  if (warnings.length === 0) return;
  if (context.args.json) {
    await writeOut(
      stream,
      warnings
        .map(
          (warning) =>
            `${jsonText({ conversation: conversation.number, line: conversation.line, from: conversation.format, ...warning })}\n`,
        )
        .join(''),
    );
    return;
  }
  const where = locationOf(context.input, conversation);
  const array = arrayNameOf(conversation);
  await writeOut(
    stream,
    warnings
      .map((warning) =>
        terminalLine(
          `${where}: ${array}[${warning.messageIndex}]${warning.callId === undefined ? '' : `, call ${JSON.stringify(warning.callId)}`}: ${warning.message} [${warning.code}]`,
        ),
      )
      .join(''),
  );
}
