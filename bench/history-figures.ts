/**
 * The history figures, on the built package's public API: validate, repair and trim at 100k
 * messages against one JSON.stringify of the same history (CPU time, interleaved), in every
 * format; and growth from 3k to 300k messages on every history path.
 */
import { MESSAGE_FORMATS, type MessageFormat } from '../src/index.js';
import { interleaved, leastMs, printTable, report } from './figure.js';
import { realisticHistory, type Brokenness } from './realistic-history.js';
import { shipped } from './shipped.js';

const SIZE = 100_000;

function ratioRow(
  format: MessageFormat,
  messages: readonly unknown[],
  ours: () => unknown,
): string[] {
  const [oursMs = 0, stringifyMs = 1] = interleaved([ours, () => JSON.stringify(messages)], 5);
  return [
    format,
    String(messages.length),
    oursMs.toFixed(1),
    stringifyMs.toFixed(1),
    (oursMs / stringifyMs).toFixed(2),
  ];
}

function ratioTable(title: string, rows: string[][]): number {
  console.log(`\n${title}`);
  printTable([['format', 'messages', 'ours ms', 'stringify ms', 'ratio'], ...rows]);
  return Math.max(...rows.map((row) => Number(row[4])));
}

export function validateFigure(): void {
  const rows = MESSAGE_FORMATS.map((format) => {
    const messages = realisticHistory(format, SIZE);
    const verdict = shipped.validateHistory(messages, { format });
    if (!verdict.ok)
      throw new Error(`The valid ${format} history has issues: ${verdict.issues[0].message}`);
    return ratioRow(format, messages, () => shipped.validateHistory(messages, { format }));
  });
  const worst = ratioTable('validateHistory, 100k valid messages', rows);
  report({
    name: 'validate 100k valid',
    goal: '<= 0.25x stringify',
    measured: `${worst.toFixed(2)}x (worst format)`,
    pass: worst <= 0.25,
  });
}

export function repairFigure(): void {
  let worst = 0;
  for (const brokenness of ['every-10', 'every'] as const satisfies Brokenness[]) {
    const rows = MESSAGE_FORMATS.map((format) => {
      const messages = realisticHistory(format, SIZE, brokenness);
      const { messages: repaired } = shipped.repairHistory(messages, { format });
      if (!shipped.validateHistory(repaired, { format }).ok)
        throw new Error(`repairHistory left ${format} invalid`);
      return ratioRow(format, messages, () => shipped.repairHistory(messages, { format }));
    });
    worst = Math.max(worst, ratioTable(`repairHistory, 100k messages, broken ${brokenness}`, rows));
  }
  report({
    name: 'repair 100k, any brokenness',
    goal: '<= 1x stringify',
    measured: `${worst.toFixed(2)}x (worst)`,
    pass: worst <= 1,
  });
}

export function trimFigure(): void {
  const rows = MESSAGE_FORMATS.map((format) => {
    const messages = realisticHistory(format, SIZE);
    return ratioRow(format, messages, () =>
      shipped.trimHistory(messages, { format, maxTokens: 200_000 }),
    );
  });
  const worst = ratioTable('trimHistory (maxTokens 200k), 100k messages', rows);
  report({
    name: 'trim 100k',
    goal: '<= 0.25x stringify',
    measured: `${worst.toFixed(2)}x (worst format)`,
    pass: worst <= 0.25,
  });
}

const GROWTH_SIZES = [3_000, 30_000, 300_000] as const;
const GROWTH_FORMATS = [
  'openai-chat',
  'anthropic',
  'gemini',
  'aiwrapper',
] as const satisfies MessageFormat[];

type Path = (messages: readonly unknown[], format: MessageFormat) => unknown;
const PATHS: Readonly<Record<string, Path>> = {
  validate: (messages, format) => shipped.validateHistory(messages, { format }),
  repair: (messages, format) => shipped.repairHistory(messages, { format }),
  trim: (messages, format) => shipped.trimHistory(messages, { format, maxTokens: 50_000 }),
  convert: (messages, format) =>
    shipped.convertHistory(messages, {
      from: format,
      to: format === 'openai-chat' ? 'anthropic' : 'openai-chat',
    }),
  pairs: (messages, format) => shipped.pairToolCalls(messages, { format }),
};

export function growthFigure(): void {
  const rows: string[][] = [
    ['path', 'format', ...GROWTH_SIZES.map((size) => `${size / 1000}k ms`), 'worst 10x step'],
  ];
  let worst = 0;
  for (const format of GROWTH_FORMATS) {
    const histories = GROWTH_SIZES.map((size) => realisticHistory(format, size, 'every-10'));
    for (const [name, path] of Object.entries(PATHS)) {
      const times = histories.map((messages) => leastMs(() => path(messages, format)));
      const steps = times.slice(1).map((time, index) => time / (times[index] ?? 1));
      const step = Math.max(...steps);
      worst = Math.max(worst, step);
      rows.push([name, format, ...times.map((time) => time.toFixed(1)), `${step.toFixed(1)}x`]);
    }
  }
  console.log('\nGrowth, broken every 10 turns (least CPU time of 3 samples)');
  printTable(rows);
  report({
    name: 'growth 3k to 300k, every path',
    goal: '10x size <= 15x time',
    measured: `${worst.toFixed(1)}x (worst step)`,
    pass: worst <= 15,
  });
}
