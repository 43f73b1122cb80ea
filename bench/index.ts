/**
 * `npm run bench`: every figure of docs/performance.md, each in a fresh process, with a PASS/FAIL
 * line per figure and a summary table; exits 1 if one fails. `npm run bench -- repair trim` runs
 * the named figures only; `npm run bench -- detail:streaming` runs a detailed bench.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chatFigure, loopFigure } from './aiwrapper-figures.js';
import { printTable, reported, type Figure } from './figure.js';
import { growthFigure, repairFigure, trimFigure, validateFigure } from './history-figures.js';
import { streamingFigure } from './stream-figure.js';

type Run = () => void | Promise<void>;

const FIGURES: Readonly<Record<string, Run>> = {
  validate: validateFigure,
  repair: repairFigure,
  trim: trimFigure,
  streaming: streamingFigure,
  chat: chatFigure,
  loop: loopFigure,
  growth: growthFigure,
};

// The detailed benches of each area, loaded only when asked for.
const DETAILS: Readonly<Record<string, () => Promise<Run>>> = {
  'detail:streaming': async () => (await import('./streaming.js')).runStreamingBench,
  'detail:repair': async () => (await import('./repair.js')).runRepairBench,
  'detail:loop': async () => (await import('./tool-loop.js')).runToolLoopBench,
  'detail:aiwrapper': async () => (await import('./aiwrapper.js')).runAiwrapperBench,
  'detail:cli': async () => (await import('./cli.js')).runCliBench,
  'detail:wide-turn': async () => (await import('./wide-turn.js')).runWideTurnBench,
};

const MARK = '@@figures ';
const child = process.env.BENCH_FIGURE;

if (child !== undefined) {
  await FIGURES[child]?.();
  console.log(`${MARK}${JSON.stringify(reported())}`);
} else {
  const wanted = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
  const unknown = wanted.filter((name) => !(name in FIGURES) && !(name in DETAILS));
  if (unknown.length > 0) {
    const known = [...Object.keys(FIGURES), ...Object.keys(DETAILS)].join(', ');
    console.error(`Unknown bench: ${unknown.join(', ')}. Known: ${known}.`);
    process.exit(2);
  }
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  const figures: Figure[] = [];
  for (const name of wanted.length > 0 ? wanted : Object.keys(FIGURES)) {
    console.log(`\n## ${name}`);
    const detail = DETAILS[name];
    if (detail !== undefined) {
      await (
        await detail()
      )();
      continue;
    }
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_FIGURE: name },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = run.stdout.split('\n');
    console.log(
      lines
        .filter((line) => !line.startsWith(MARK))
        .join('\n')
        .trimEnd(),
    );
    const line = lines.find((candidate) => candidate.startsWith(MARK));
    const measured = line === undefined ? [] : (JSON.parse(line.slice(MARK.length)) as Figure[]);
    if (measured.length === 0)
      measured.push({
        name,
        goal: '',
        measured: `crashed (exit ${String(run.status)})`,
        pass: false,
      });
    figures.push(...measured);
  }
  if (figures.length > 0) {
    console.log('\n## Summary\n');
    printTable([
      ['figure', 'goal', 'measured', 'verdict'],
      ...figures.map((figure) => [
        figure.name,
        figure.goal,
        figure.measured,
        figure.pass ? 'PASS' : 'FAIL',
      ]),
    ]);
    if (figures.some((figure) => !figure.pass)) process.exitCode = 1;
  }
}
