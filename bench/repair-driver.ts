/**
 * A driver for profiling and for alternating CPU-time measurements of repairHistory on the dense
 * kinds, beside JSON.stringify of the same history (the repair bench measures wall time).
 *
 * Run: `npm run build && npx tsx bench/repair-driver.ts <format> <kind> [size] [generator]`, with
 * `generator` `bench` (bench/repair.ts's histories) or `wide` (8 parallel calls, ids of other
 * shapes, long argument strings). Profile with `node --cpu-prof --import tsx bench/repair-driver.ts ...`.
 */
import { pathToFileURL } from 'node:url';
import type { MessageFormat } from '../src/core/format.js';
import type { HistoryMessage } from '../src/core/history.js';
import { writeFormat } from '../src/repair/format-io.js';
import { historyOf, type HistoryKind } from './repair.js';
import { shipped } from './shipped.js';

/**
 * A second generator: 8 parallel calls per turn, ids of other shapes, long argument strings; every
 * kind of bench/repair.ts (`dense` breaks every tenth turn, by a missing call turn or missing results).
 */
export function wideHistoryOf(format: MessageFormat, size: number, kind: HistoryKind): unknown[] {
  // xorshift32: a float-free generator, so every id is distinct in practice.
  let seed = 7;
  const random = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4_294_967_296;
  };
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const word = (length: number): string => {
    let out = '';
    for (let index = 0; index < length; index++)
      out += alphabet[Math.floor(random() * alphabet.length)] ?? 'x';
    return out;
  };
  // Mistral takes 9 alphanumeric characters; the others take longer ids of several shapes.
  const idOf = (turn: number, call: number): string => {
    if (format === 'mistral') return word(9);
    const shapes = [`call_${word(24)}`, `toolu_01${word(22)}`, `fc-${word(8)}-${word(12)}`];
    return shapes[(turn + call) % shapes.length] ?? word(12);
  };
  const round = (turn: number): HistoryMessage[] => {
    const calls = Array.from({ length: 8 }, (_, call) => ({
      type: 'tool-call' as const,
      callId: idOf(turn, call),
      name: `tool_${String(call)}`,
      arguments: { query: word(400), page: turn, tags: [word(8), word(8)] },
    }));
    const messages: HistoryMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: `Turn ${String(turn)}: ${word(60)}` }] },
    ];
    // `dense`: a broken turn every 10, its call turn or its results missing in turn; `valid`: none.
    const broken =
      kind === 'dense' && turn % 10 === 9 ? (turn % 20 === 9 ? 'calls' : 'results') : '';
    if (kind !== 'calls-missing' && broken !== 'calls')
      messages.push({ role: 'assistant', parts: calls });
    if (kind !== 'results-missing' && broken !== 'results')
      messages.push({
        role: 'tool',
        results: calls.map((call) => ({
          callId: call.callId,
          name: call.name,
          content: word(200),
          isError: false,
        })),
      });
    messages.push({ role: 'assistant', parts: [{ type: 'text', text: word(80) }] });
    return messages;
  };
  // Wire sizes differ per format (Chat writes one message per result): measure one round.
  const perRound = writeFormat(round(0), format, new Set()).length;
  const neutral: HistoryMessage[] = [];
  for (let turn = 0; turn * perRound < size; turn++) neutral.push(...round(turn));
  return writeFormat(neutral, format, new Set());
}

function cpu(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Measures one cell (format, kind, size, generator) and prints one line. */
function main(): void {
  const [format = 'openai-chat', kind = 'calls-missing', sizeText = '100000', generator = 'bench'] =
    process.argv.slice(2);
  const size = Number(sizeText);
  const messages =
    generator === 'wide'
      ? wideHistoryOf(format as MessageFormat, size, kind as HistoryKind)
      : historyOf(format as MessageFormat, size, kind as HistoryKind);
  const options = { format: format as MessageFormat };
  const fixes = shipped.repairHistory(messages, options).fixes.length;
  const ratios: number[] = [];
  const repairs: number[] = [];
  const strings: number[] = [];
  const validations: number[] = [];
  for (let attempt = 0; attempt < 15; attempt++) {
    validations.push(cpu(() => shipped.validateHistory(messages, options)));
    const repair = cpu(() => shipped.repairHistory(messages, options));
    const string = cpu(() => JSON.stringify(messages));
    repairs.push(repair);
    strings.push(string);
    ratios.push(repair / string);
  }
  const median = (values: number[]): number =>
    values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  process.stdout.write(
    `${format} ${kind} ${generator} ${String(messages.length)} msgs, ${String(fixes)} fixes: repair ${median(repairs).toFixed(1)} ms cpu, stringify ${median(strings).toFixed(1)} ms cpu, r/s median ${median(ratios).toFixed(2)}, least repair / least stringify ${(Math.min(...repairs) / Math.min(...strings)).toFixed(2)} (${Math.min(...repairs).toFixed(1)} / ${Math.min(...strings).toFixed(1)} ms), least validation / least stringify ${(Math.min(...validations) / Math.min(...strings)).toFixed(2)}\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
