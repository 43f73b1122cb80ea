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
import { historyOf, type HistoryKind } from './repair.js';
import { wideHistoryOf } from './wide-histories.js';
import { shipped } from './shipped.js';

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
