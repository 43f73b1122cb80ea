import { pairToolCalls, type ToolCallPairs } from '../pairs/pair-tool-calls.js';
import { writeOut, jsonText, terminalLine } from './cli-io.js';
import {
  arrayNameOf,
  errorMessageOf,
  forEachConversation,
  locationOf,
  type CommandContext,
  type FormattedConversation,
  plural,
  reportUnreadable,
} from './command-context.js';

/**
 * `pairs`: lists every tool call of each conversation with its status and where its call and
 * result are, then the results no call claims. With `--json`, one JSON object per conversation
 * per line: `{ conversation, line, format, pairs, unpaired }`.
 *
 * Exit code: 0, or 2 when a conversation cannot be read (the others are still listed).
 */
export async function runPairs(context: CommandContext): Promise<number> {
  const { args, io } = context;
  let unreadable = 0;
  await forEachConversation(context, {
    conversation: async (conversation) => {
      let pairing: ToolCallPairs;
      try {
        pairing = pairToolCalls(conversation.messages, { format: conversation.format });
      } catch (error) {
        unreadable++;
        await reportUnreadable(context, {
          ...conversation,
          kind: 'unreadable',
          column: undefined,
          reason: errorMessageOf(error),
        });
        return;
      }
      if (args.json) {
        const record = {
          conversation: conversation.number,
          line: conversation.line,
          format: conversation.format,
          ...pairing,
        };
        await writeOut(io.stdout, `${jsonText(record)}\n`);
      } else {
        await writeOut(io.stdout, describePairs(context, conversation, pairing));
      }
    },
    unreadable: async (record) => {
      unreadable++;
      await reportUnreadable(context, record);
    },
  });
  return unreadable > 0 ? 2 : 0;
}

function describePairs(
  context: CommandContext,
  conversation: FormattedConversation,
  pairing: ToolCallPairs,
): string {
  const array = arrayNameOf(conversation);
  const lines = [
    `${locationOf(context.input, conversation)} (${conversation.format}): ${plural(pairing.pairs.length, 'call')}${pairing.unpaired.length === 0 ? '' : `, ${plural(pairing.unpaired.length, 'unpaired result')}`}`,
  ];
  for (const pair of pairing.pairs) {
    const result =
      pair.result === undefined ? 'no result' : `result ${array}[${pair.result.messageIndex}]`;
    lines.push(
      `  turn ${pair.turn}  ${pair.status.padEnd(7)}  ${pair.name} ${JSON.stringify(pair.callId)}  call ${array}[${pair.callMessageIndex}] -> ${result}`,
    );
  }
  for (const result of pairing.unpaired) {
    lines.push(
      `  unpaired result ${JSON.stringify(result.callId)} at ${array}[${result.messageIndex}]: no call of its turn has this id`,
    );
  }
  return lines.map(terminalLine).join('');
}
