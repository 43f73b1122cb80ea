/**
 * CLI benchmark: `check` over a 50 MB JSONL file of tool-call conversations, through the same
 * streaming code path the CLI uses (openInput → readConversations → detectFormat →
 * validateHistory → report), beside a bare line-by-line `JSON.parse` of the same file, in one run.
 * Then one child-process run of the real CLI under `/usr/bin/time -v` for its peak RSS.
 *
 * Target: `check` at no less than a third of the bare parse's speed, with memory bounded (peak
 * RSS far below the file size plus the baseline of an idle Node process).
 *
 * Run: `npx tsx bench/cli.ts` (or `npm run bench`, which calls runCliBench()).
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCli } from '../src/cli/run-cli.js';
import type { OutputStream } from '../src/cli/write-output.js';
import { createRandom } from './random.js';

const TARGET_BYTES = 50 * 1024 * 1024;
const TARGET_RATIO = 1 / 3;
const ROUNDS = 5;
const HEAP_CAP_MB = 32;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** One agent conversation: a system prompt, then rounds of parallel calls and results; 1 in 50 has a missing result. */
function conversation(index: number, random: () => number): unknown {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a careful assistant. Use tools when they help.' },
  ];
  const rounds = 1 + Math.floor(random() * 6);
  for (let round = 0; round < rounds; round++) {
    messages.push({
      role: 'user',
      content: `Question ${round} of conversation ${index}: ${'what about the weather and the news '.repeat(1 + Math.floor(random() * 4))}`,
    });
    const calls = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, call) => ({
      id: `call_${index}_${round}_${call}`,
      type: 'function',
      function: {
        name: call % 2 === 0 ? 'get_weather' : 'search_news',
        arguments: JSON.stringify({
          city: 'Paris',
          days: call + 1,
          query: 'x'.repeat(Math.floor(random() * 40)),
        }),
      },
    }));
    messages.push({ role: 'assistant', content: null, tool_calls: calls });
    const missing = index % 50 === 0 && round === 0 ? 1 : 0;
    for (const call of calls.slice(missing)) {
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify({
          forecast: Array.from({ length: 5 }, (_, day) => ({
            day,
            high: 20 + day,
            low: 10,
            summary: 'partly cloudy with a chance of rain',
          })),
        }),
      });
    }
    messages.push({
      role: 'assistant',
      content: `Here is what I found for round ${round}. `.repeat(2 + Math.floor(random() * 6)),
    });
  }
  return { id: `conv_${index}`, messages };
}

async function createFile(
  path: string,
): Promise<{ readonly bytes: number; readonly conversations: number }> {
  const random = createRandom(50);
  const lines: string[] = [];
  let bytes = 0;
  while (bytes < TARGET_BYTES) {
    const line = JSON.stringify(conversation(lines.length, random));
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  await writeFile(path, `${lines.join('\n')}\n`);
  return { bytes, conversations: lines.length };
}

async function bareParse(path: string): Promise<number> {
  let count = 0;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length === 0) continue;
    JSON.parse(line);
    count++;
  }
  return count;
}

/** A stream that drops what it is given: measures the check, not the terminal. */
const sink: OutputStream = { write: () => true, once: () => undefined };

async function checkInProcess(path: string): Promise<number> {
  return runCli(['check', path, '--json'], {
    stdin: Readable.from([]),
    stdout: sink,
    stderr: sink,
  });
}

/** CPU time (user + system) of a run: steadier than wall time on a shared 2-core machine. */
async function time<T>(run: () => Promise<T>): Promise<{ readonly ms: number; readonly value: T }> {
  const started = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(started);
  return { ms: (used.user + used.system) / 1000, value };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Peak RSS of the real CLI (child process) in MB, from `/usr/bin/time -v`, or `undefined` without it. */
function peakRss(args: readonly string[]): {
  readonly megabytes: number | undefined;
  readonly code: number | null;
} {
  if (!existsSync('/usr/bin/time')) return { megabytes: undefined, code: null };
  const run = spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr);
  return {
    megabytes: match?.[1] === undefined ? undefined : Number(match[1]) / 1024,
    code: run.status,
  };
}

/** Runs the CLI benchmark and prints its figures. */
export async function runCliBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-bench-'));
  try {
    const path = join(dir, 'conversations.jsonl');
    const { bytes, conversations } = await createFile(path);
    const megabytes = (await stat(path)).size / 1_048_576;
    console.log(
      `\nCLI check: ${megabytes.toFixed(1)} MB JSONL, ${conversations.toLocaleString('en-US')} conversations (OpenAI Chat, 1 in 50 with a missing result), Node ${process.version}`,
    );

    await bareParse(path);
    await checkInProcess(path);
    const bare: number[] = [];
    const check: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const parsed = await time(() => bareParse(path));
      if (parsed.value !== conversations)
        throw new Error(`bench: parsed ${parsed.value} lines, expected ${conversations}`);
      bare.push(parsed.ms);
      const checked = await time(() => checkInProcess(path));
      if (checked.value !== 1) throw new Error(`bench: check exited ${checked.value}, expected 1`);
      check.push(checked.ms);
    }
    const bareMs = median(bare);
    const checkMs = median(check);
    const ratio = bareMs / checkMs;
    const rate = (ms: number): string => `${(bytes / 1_048_576 / (ms / 1000)).toFixed(0)} MB/s`;
    console.log(
      `  bare readline + JSON.parse     ${bareMs.toFixed(0).padStart(5)} CPU ms  ${rate(bareMs)}  (median of ${ROUNDS}, interleaved)`,
    );
    console.log(
      `  check (streaming, in-process)  ${checkMs.toFixed(0).padStart(5)} CPU ms  ${rate(checkMs)}  (median of ${ROUNDS}, interleaved)`,
    );
    console.log(
      `  speed ratio check / bare: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO.toFixed(2)}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
    );

    // The same CLI on a one-line file: the cost of Node, tsx and the package, without the data.
    const small = join(dir, 'one.jsonl');
    await writeFile(small, `${JSON.stringify(conversation(0, createRandom(1)))}\n`);
    const cliArgs = (file: string): string[] => [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'check',
      file,
      '--json',
    ];
    const baseline = peakRss(cliArgs(small));
    const cli = peakRss(cliArgs(path));
    // With the V8 heap capped below the file size, the run can only pass if it streams.
    const capped = peakRss([`--max-old-space-size=${HEAP_CAP_MB}`, ...cliArgs(path)]);
    if (cli.megabytes === undefined || baseline.megabytes === undefined) {
      console.log('  peak RSS: /usr/bin/time not available');
    } else {
      const growth = cli.megabytes - baseline.megabytes;
      console.log(
        `  peak RSS of the CLI (child process, exit ${String(cli.code)}): ${cli.megabytes.toFixed(0)} MB on the ${megabytes.toFixed(0)} MB file, ${baseline.megabytes.toFixed(0)} MB on a one-line file (+${growth.toFixed(0)} MB: garbage V8 has not yet collected)`,
      );
      const cappedResult =
        capped.code === 1
          ? `passes (exit 1 as expected), peak RSS ${capped.megabytes?.toFixed(0) ?? '?'} MB`
          : `FAILED (exit ${String(capped.code)})`;
      console.log(
        `  with the heap capped at ${HEAP_CAP_MB} MB (--max-old-space-size), below the file size: ${cappedResult}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCliBench();
}
