/**
 * Validation benchmark: validateHistory per format on ~100 000 messages, beside one JSON.stringify
 * of the same history, and beside aiwrapper 3.0.3's fixToolResultsIfNeeded on the equivalent
 * LangMessages. Best case: every call answered. Worst case: no call turn has its results.
 *
 * Run: `npm run bench -- validate` (builds the package first), or `npm run build && npx tsx bench/validate.ts`.
 */
import { pathToFileURL } from 'node:url';
import { fixToolResultsIfNeeded, LangMessage, LangMessages } from 'aiwrapper';
import { MESSAGE_FORMATS, type MessageFormat } from '../src/core/format.js';
import { shipped } from './shipped.js';
import { renderHistory, type NeutralRound } from '../test/helpers/format-histories.js';

const TARGET_MESSAGES = 100_000;
const RUNS = 5;

type Case = 'valid' | 'lacking';

/** Rounds of user, one parallel call turn of two calls, results, reply: ~100 000 messages. */
function rounds(kind: Case): NeutralRound[] {
  const perRound = kind === 'valid' ? 4 : 3;
  return Array.from({ length: Math.ceil(TARGET_MESSAGES / perRound) }, (_, index) => ({
    // 9 alphanumerics, unique per round: valid for every format.
    calls: [{ id: `a${String(index).padStart(8, '0')}`, name: 'get_weather' }],
    resultOrder: kind === 'valid' ? [0] : [],
  }));
}

/** The fastest of RUNS runs, in milliseconds; `prepare` runs outside the timing. */
function best<T>(prepare: () => T, run: (input: T) => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < RUNS; attempt++) {
    const input = prepare();
    const started = performance.now();
    run(input);
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

function langMessagesOf(messages: readonly unknown[]): LangMessages {
  const list = new LangMessages();
  for (const message of messages as { role: LangMessage['role']; items: LangMessage['items'] }[])
    list.push(new LangMessage(message.role, message.items));
  return list;
}

/** Prints ms per format and case for validateHistory, JSON.stringify and fixToolResultsIfNeeded. */
export async function runValidateBench(): Promise<void> {
  const rows: string[][] = [
    ['format', 'case', 'messages', 'validateHistory ms', 'JSON.stringify ms', 'ratio', 'issues'],
  ];
  for (const kind of ['valid', 'lacking'] as const) {
    for (const format of MESSAGE_FORMATS) {
      const { messages } = renderHistory(format, rounds(kind));
      const ours = best(
        () => messages,
        (input) => shipped.validateHistory(input, { format: format satisfies MessageFormat }),
      );
      const stringify = best(
        () => messages,
        (input) => JSON.stringify(input),
      );
      const issues = shipped.validateHistory(messages, { format }).issues.length;
      rows.push([
        format,
        kind,
        String(messages.length),
        ours.toFixed(1),
        stringify.toFixed(1),
        (ours / stringify).toFixed(2),
        String(issues),
      ]);
    }
  }
  const peerRows: string[][] = [
    ['case', 'messages', 'fixToolResultsIfNeeded ms', "validateHistory 'aiwrapper' ms"],
  ];
  const warn = console.warn;
  // fixToolResultsIfNeeded warns once per repaired turn; silence it while timing.
  console.warn = (): void => undefined;
  try {
    for (const kind of ['valid', 'lacking'] as const) {
      const { messages } = renderHistory('aiwrapper', rounds(kind));
      const fix = best(
        () => langMessagesOf(messages),
        (input) => {
          fixToolResultsIfNeeded(input);
        },
      );
      const ours = best(
        () => langMessagesOf(messages),
        (input) => shipped.validateHistory(input, { format: 'aiwrapper' }),
      );
      peerRows.push([kind, String(messages.length), fix.toFixed(1), ours.toFixed(1)]);
    }
  } finally {
    console.warn = warn;
  }
  console.log(
    `\nvalidateHistory on ~${TARGET_MESSAGES} messages, best of ${RUNS} runs, Node ${process.version}`,
  );
  printTable(rows);
  console.log(
    '\naiwrapper 3.0.3 fixToolResultsIfNeeded (repairs in place with splice) on the same histories as LangMessages',
  );
  printTable(peerRows);
  await Promise.resolve();
}

function printTable(rows: readonly (readonly string[])[]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runValidateBench();
}
