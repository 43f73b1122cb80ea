/**
 * The history figures, on the built package's public API: validate, repair and trim at 100k
 * messages against one JSON.stringify of the same history, in every format (the median of per-round
 * ratios on the main thread's CPU time); and growth from 3k to 300k messages on every history path.
 */
import { MESSAGE_FORMATS, type MessageFormat } from '../src/index.js';
import {
  alternate,
  CollectionCounter,
  median,
  now,
  printTable,
  ratioInterval,
  report,
  spread,
  threadCpu,
} from './figure.js';
import { realisticHistory, realisticWindows, type Brokenness } from './realistic-history.js';
import { shipped } from './shipped.js';

const SIZE = 100_000;
// Rounds of the two sides alternating, per format: enough for a 95% interval of the median.
const ROUNDS = 21;

interface Row {
  cells: string[];
  ratio: [number, number, number];
}

async function ratioRow(
  format: MessageFormat,
  messages: readonly unknown[],
  ours: () => unknown,
): Promise<Row> {
  const [oursMs = [], stringifyMs = []] = await alternate(
    [ours, () => JSON.stringify(messages)],
    ROUNDS,
    threadCpu,
  );
  const ratio = ratioInterval(oursMs, stringifyMs);
  const [low, middle, high] = ratio.map((value) => value.toFixed(2));
  return {
    cells: [
      format,
      String(messages.length),
      median(oursMs).toFixed(1),
      median(stringifyMs).toFixed(1),
      spread(stringifyMs),
      `${String(middle)} [${String(low)}, ${String(high)}]`,
    ],
    ratio,
  };
}

/** Prints the rows and returns the worst format's ratio. */
function ratioTable(title: string, rows: readonly Row[]): [number, number, number] {
  console.log(`\n${title}, ${String(ROUNDS)} rounds, main-thread CPU time`);
  printTable([
    ['format', 'messages', 'ours ms', 'stringify ms', 'stringify IQR', 'ratio [95%]'],
    ...rows.map((row) => row.cells),
  ]);
  return rows.map((row) => row.ratio).reduce((a, b) => (b[1] > a[1] ? b : a));
}

const measured = ([low, middle, high]: readonly number[]): string =>
  `${(middle ?? 0).toFixed(2)}x [${(low ?? 0).toFixed(2)}, ${(high ?? 0).toFixed(2)}] (worst)`;

async function rowsOf(
  histories: (format: MessageFormat) => unknown[],
  check: (format: MessageFormat, messages: readonly unknown[]) => void,
  run: (format: MessageFormat, messages: readonly unknown[]) => unknown,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const format of MESSAGE_FORMATS) {
    const messages = histories(format);
    check(format, messages);
    rows.push(await ratioRow(format, messages, () => run(format, messages)));
  }
  return rows;
}

export async function validateFigure(): Promise<void> {
  const rows = await rowsOf(
    (format) => realisticHistory(format, SIZE),
    (format, messages) => {
      const verdict = shipped.validateHistory(messages, { format });
      if (!verdict.ok)
        throw new Error(`The valid ${format} history has issues: ${verdict.issues[0].message}`);
    },
    (format, messages) => shipped.validateHistory(messages, { format }),
  );
  const worst = ratioTable('validateHistory, 100k valid messages', rows);
  report({
    name: 'validate 100k valid',
    goal: '<= 0.25x stringify',
    measured: measured(worst),
    pass: worst[1] <= 0.25,
  });
}

export async function repairFigure(): Promise<void> {
  const worsts: [number, number, number][] = [];
  for (const brokenness of ['every-10', 'every'] as const satisfies Brokenness[]) {
    const rows = await rowsOf(
      (format) => realisticHistory(format, SIZE, brokenness),
      (format, messages) => {
        const { messages: repaired } = shipped.repairHistory(messages, { format });
        if (!shipped.validateHistory(repaired, { format }).ok)
          throw new Error(`repairHistory left ${format} invalid`);
      },
      (format, messages) => shipped.repairHistory(messages, { format }),
    );
    worsts.push(ratioTable(`repairHistory, 100k messages, broken ${brokenness}`, rows));
  }
  const worst = worsts.reduce((a, b) => (b[1] > a[1] ? b : a));
  report({
    name: 'repair 100k, any brokenness',
    goal: '<= 1x stringify',
    measured: measured(worst),
    pass: worst[1] <= 1,
  });
}

export async function trimFigure(): Promise<void> {
  const rows = await rowsOf(
    (format) => realisticHistory(format, SIZE),
    () => undefined,
    (format, messages) => shipped.trimHistory(messages, { format, maxTokens: 200_000 }),
  );
  const worst = ratioTable('trimHistory (maxTokens 200k), 100k messages', rows);
  report({
    name: 'trim 100k',
    goal: '<= 0.25x stringify',
    measured: measured(worst),
    pass: worst[1] <= 0.25,
  });
}

// Every size covers the same 300k messages: 100 histories of 3k, 10 of 30k (each 10 of the 3k
// joined), 1 of 300k (all joined), the same objects in the same heap.
const GROWTH_TOTAL = 300_000;
const GROWTH_SIZES = [3_000, 30_000, 300_000] as const;
const GROWTH_ROUNDS = 5;
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

function growthSets(format: MessageFormat): unknown[][][] {
  const [smallest] = GROWTH_SIZES;
  const windows = realisticWindows(format, GROWTH_TOTAL, smallest, 'every-10');
  return GROWTH_SIZES.map((size) => {
    const joined = size / smallest;
    const histories: unknown[][] = [];
    for (let index = 0; index < windows.length; index += joined)
      histories.push(windows.slice(index, index + joined).flat());
    return histories;
  });
}

/**
 * Per size, the median main-thread CPU time of one pass over all its histories and the median number of
 * collections in a pass; the sizes alternate, their order turning between rounds.
 */
async function growthTimes(
  sets: readonly (readonly unknown[][])[],
  run: (messages: readonly unknown[]) => unknown,
  counter: CollectionCounter,
): Promise<{ ms: number[]; collections: number[] }> {
  const passes = sets.map((histories) => (): void => {
    for (const messages of histories) run(messages);
  });
  for (const pass of passes) pass();
  const ms = sets.map((): number[] => []);
  const collections = sets.map((): number[] => []);
  for (let round = 0; round < GROWTH_ROUNDS; round++) {
    for (let step = 0; step < passes.length; step++) {
      const index = (step + round) % passes.length;
      const [from, start] = [now(), threadCpu()];
      passes[index]?.();
      ms[index]?.push(threadCpu() - start);
      collections[index]?.push(await counter.countIn(from, now()));
    }
  }
  return { ms: ms.map(median), collections: collections.map(median) };
}

export async function growthFigure(): Promise<void> {
  const rows: string[][] = [
    [
      'path',
      'format',
      ...GROWTH_SIZES.map((size) => `${String(size / 1000)}k: us/msg (GCs)`),
      'worst 10x step',
    ],
  ];
  const counter = new CollectionCounter();
  const started = now();
  let worst = 0;
  for (const format of GROWTH_FORMATS) {
    const sets = growthSets(format);
    const total = sets[0]?.reduce((sum, messages) => sum + messages.length, 0) ?? 1;
    for (const [name, path] of Object.entries(PATHS)) {
      const { ms, collections } = await growthTimes(
        sets,
        (messages) => path(messages, format),
        counter,
      );
      // Every pass handles the same messages: a 10x step costs 10x the time at a constant rate.
      const steps = ms.slice(1).map((time, index) => (10 * time) / (ms[index] ?? 1));
      const step = Math.max(...steps);
      worst = Math.max(worst, step);
      rows.push([
        name,
        format,
        ...ms.map(
          (time, index) => `${((1000 * time) / total).toFixed(3)} (${String(collections[index])})`,
        ),
        `${step.toFixed(1)}x`,
      ]);
    }
  }
  counter.stop();
  console.log(
    `\nGrowth, broken every 10 turns: main-thread CPU time per message over ${String(GROWTH_TOTAL / 1000)}k messages per pass, median of ${String(GROWTH_ROUNDS)} (${((now() - started) / 1000).toFixed(0)} s)`,
  );
  printTable(rows);
  report({
    name: 'growth 3k to 300k, every path',
    goal: '10x size <= 15x time',
    measured: `${worst.toFixed(1)}x (worst step)`,
    pass: worst <= 15,
  });
}
