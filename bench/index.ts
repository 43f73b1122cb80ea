/**
 * `npm run bench`: every benchmark the project keeps, one after another, each printing its table.
 * `npm run bench -- streaming validate` runs only the named ones.
 */
import { runAiwrapperBench } from './aiwrapper.js';
import { runCliBench } from './cli.js';
import { runRepairBench } from './repair.js';
import { runStreamingBench } from './streaming.js';
import { runToolLoopBench } from './tool-loop.js';
import { runTrimBench } from './trim.js';
import { runGrowthBench, runValidateBench } from './validate.js';
import { runWideTurnBench } from './wide-turn.js';

const benches: Readonly<Record<string, () => Promise<void>>> = {
  streaming: runStreamingBench,
  validate: runValidateBench,
  repair: runRepairBench,
  trim: runTrimBench,
  growth: runGrowthBench,
  cli: runCliBench,
  aiwrapper: runAiwrapperBench,
  loop: runToolLoopBench,
  'wide-turn': runWideTurnBench,
};

const wanted = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n## ${name}\n`);
  await run();
}
