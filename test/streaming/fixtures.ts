import { readFile } from 'node:fs/promises';
import { readStreamEvents } from '../../src/streaming/accumulate-sse.js';

/** The raw text of a fixture under `__fixtures__/`. */
export async function fixtureText(name: string): Promise<string> {
  return readFile(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

/** A fixture's events, parsed (`.jsonl` files are JSON lines, the others SSE). */
export async function fixtureEvents(name: string): Promise<unknown[]> {
  const text = await fixtureText(name);
  const events: unknown[] = [];
  const framing = name.endsWith('.jsonl') ? 'json-lines' : 'sse';
  for await (const event of readStreamEvents([text], { framing })) events.push(event);
  return events;
}

/** A call-id generator that returns `gen_1`, `gen_2`, … so results can be compared whole. */
export function sequentialIds(): () => string {
  let next = 0;
  return () => `gen_${++next}`;
}
