import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { repairHistory } from '../../src/repair/repair-history.js';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import { runCliInProcess } from './run-cli-in-process.js';

/** How a conversation is spelled in the input. */
const LAYOUTS = ['pretty', 'compact', 'jsonl', 'message-per-line'] as const;

function spell(messages: readonly unknown[], layout: (typeof LAYOUTS)[number]): string {
  switch (layout) {
    case 'pretty':
      return `${JSON.stringify({ messages }, null, 2)}\n`;
    case 'compact':
      return JSON.stringify({ messages });
    case 'jsonl':
      return `${JSON.stringify(messages)}\n\n${JSON.stringify([{ role: 'user', content: 'x' }])}\n`;
    case 'message-per-line':
      return messages.map((message) => `${JSON.stringify(message)}\r\n`).join('');
  }
}

// The system message carries a number no double holds; it must come back spelled as it was.
const BIG = '12345678901234567890';

test.prop([arbitraryHistoryWithOrphans, fc.constantFrom(...LAYOUTS)], { numRuns: 60 })(
  'fix writes the repaired history, spelling every message it left alone as the input did',
  async (messages, layout) => {
    // One line holding one message reads as a one-message JSON document, not as this layout.
    fc.pre(layout !== 'message-per-line' || messages.length >= 2);
    const text = spell(messages, layout).replace('"be brief"', `"be brief","seed":${BIG}`);
    const run = await runCliInProcess(['fix', '-', '--json'], { stdin: text });
    // What the CLI reads: the same messages, the seed rounded as JSON.parse reads it.
    const input = messages.map((message) =>
      message.role === 'system' ? { ...message, seed: Number(BIG) } : message,
    );
    const repaired = repairHistory(input, { format: 'openai-chat' });
    const output =
      layout === 'message-per-line'
        ? run.stdout
            .trimEnd()
            .split(/\r?\n/)
            .map((line) => JSON.parse(line) as unknown)
        : layout === 'jsonl'
          ? (JSON.parse(run.stdout.split('\n')[0] ?? '') as unknown)
          : (JSON.parse(run.stdout) as { messages: unknown }).messages;
    expect({
      code: run.code,
      output,
      bigKept: run.stdout.includes(`"seed":${BIG}`),
      identical: repaired.fixes.length === 0 ? run.stdout === text : 'fixed',
    }).toEqual({
      code: 0,
      output: repaired.messages,
      bigKept: true,
      identical: repaired.fixes.length === 0 ? true : 'fixed',
    });
  },
);
