/**
 * The streaming figure: 1 MB of tool-call arguments streamed as OpenAI Chat chunks and as Anthropic
 * events (bench/tool-call-streams.ts builds both), pushed into the public accumulator with the live
 * view read after every event, against the floor: concatenating the deltas and one JSON.parse.
 */
import type { LiveToolCall } from '../src/index.js';
import { alternate, printTable, processCpu, report } from './figure.js';
import { shipped } from './shipped.js';
import {
  ARGUMENT_GENERATORS,
  createProviderStream,
  PROVIDER_STREAMS,
  type ProviderToolStream,
} from './tool-call-streams.js';

const SIZE = 1_000_000;

/**
 * Runs this short take the least sample (the one least disturbed by other work on a shared
 * machine), with no forced collection between samples, which would distort them.
 */
const least = (samples: readonly number[]): number => Math.min(...samples);

let shown: unknown;

function readLiveView(calls: readonly LiveToolCall[]): number {
  let seen = 0;
  for (const call of calls) {
    seen += call.name.length + call.argumentsText.length;
    shown = call.partialArguments;
  }
  return seen;
}

function accumulate(stream: ProviderToolStream): number {
  const accumulator = shipped.createToolCallAccumulator({ format: stream.format });
  let seen = 0;
  for (const event of stream.events) {
    accumulator.push(event);
    seen += readLiveView(accumulator.liveCalls);
  }
  return seen + accumulator.finish().calls.length;
}

function floor(stream: ProviderToolStream): unknown {
  let text = '';
  for (const event of stream.events) text += stream.deltaOf(event);
  return JSON.parse(text);
}

export async function streamingFigure(): Promise<void> {
  const rows: string[][] = [['stream', 'arguments', 'floor ms', 'accumulator ms', 'ratio']];
  let worst = 0;
  for (const generator of ARGUMENT_GENERATORS) {
    for (const provider of PROVIDER_STREAMS) {
      const stream = createProviderStream(provider, SIZE, generator);
      const samples = await alternate(
        [() => floor(stream), () => accumulate(stream)],
        15,
        processCpu,
      );
      const [floorMs = 1, ours = 0] = samples.map(least);
      worst = Math.max(worst, ours / floorMs);
      rows.push([
        provider,
        generator,
        floorMs.toFixed(1),
        ours.toFixed(1),
        (ours / floorMs).toFixed(2),
      ]);
    }
  }
  if (shown === undefined) throw new Error('The live view was never read.');
  console.log('\nStreaming 1 MB of arguments, the live view read after every event');
  printTable(rows);
  const major = Number(process.versions.node.split('.')[0]);
  const goal = major >= 22 ? 3 : 4;
  report({
    name: 'streaming 1 MB, view read every delta',
    goal: `<= ${String(goal)}x the floor on Node ${String(major)}`,
    measured: `${worst.toFixed(2)}x (worst)`,
    pass: worst <= goal,
  });
}
