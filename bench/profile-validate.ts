/**
 * A small driver for profiling validateHistory on one broken history (the built package):
 * `npx tsx bench/profile-validate.ts <format> <repair|wide> <calls-missing|results-missing> [runs]`.
 * Under `node --cpu-prof --import tsx` or `--trace-gc` it shows where the time of one format
 * goes; by itself it prints the least CPU ms of validate and of JSON.stringify, alternating.
 */
import type { MessageFormat } from '../src/core/format.js';
import { brokenHistoryOf, type BrokenKind } from './broken-histories.js';
import { historyOf } from './repair.js';
import { shipped } from './shipped.js';

const [format = 'anthropic', generator = 'wide', kind = 'calls-missing', runsText = '20'] =
  process.argv.slice(2);
const size = Number(process.env.BROKEN_BENCH_SIZE ?? 100_000);
const messages =
  generator === 'wide'
    ? brokenHistoryOf(format as MessageFormat, size, kind as BrokenKind)
    : historyOf(format as MessageFormat, size, kind as BrokenKind);

function cpu(run: () => unknown): number {
  const started = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

let validateMs = Number.POSITIVE_INFINITY;
let stringifyMs = Number.POSITIVE_INFINITY;
const options = { format: format as MessageFormat };
for (let run = 0; run < Number(runsText); run++) {
  validateMs = Math.min(
    validateMs,
    cpu(() => shipped.validateHistory(messages, options)),
  );
  stringifyMs = Math.min(
    stringifyMs,
    cpu(() => JSON.stringify(messages)),
  );
}
const issues = shipped.validateHistory(messages, options).issues.length;
process.stdout.write(
  `${format} ${generator} ${kind}: ${String(messages.length)} messages, ${String(issues)} issues, validate ${validateMs.toFixed(1)} ms, stringify ${stringifyMs.toFixed(1)} ms, v/s ${(validateMs / stringifyMs).toFixed(2)}\n`,
);
