import { fc, test } from '@fast-check/vitest';
import { expect, it } from 'vitest';
import { parseJsonPath } from '../../src/formats/gemini/gemini-json-path-stream.js';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';
import { sequentialIds } from './fixtures.js';
import { numRuns } from './num-runs.js';

// Vertex AI's streamed function-call arguments: any JSON object, sent as values at JSON paths in
// document order with strings cut anywhere, accumulates to that object.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Drops empty objects and arrays: partialArgs set values, so an empty container cannot be sent. */
function prune(value: Json): Json | undefined {
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((item): item is Json => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, prune(item)] as const)
      .filter((entry): entry is readonly [string, Json] => entry[1] !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

function pathText(path: readonly (string | number)[]): string {
  let text = '$';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) text += `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** The partialArgs of `value` in document order, each string cut into `pieces` parts. */
function partialArgs(value: Json, cuts: () => number): Record<string, unknown>[] {
  const args: Record<string, unknown>[] = [];
  const walk = (item: Json, path: (string | number)[]): void => {
    const jsonPath = pathText(path);
    if (Array.isArray(item)) {
      item.forEach((element, at) => {
        walk(element, [...path, at]);
      });
    } else if (typeof item === 'object' && item !== null)
      for (const [key, member] of Object.entries(item)) walk(member, [...path, key]);
    else if (typeof item === 'string') {
      let rest = item;
      for (let left = cuts(); left > 0 && rest.length > 0; left--) {
        const at = Math.ceil(rest.length / 2);
        args.push({ jsonPath, stringValue: rest.slice(0, at), willContinue: true });
        rest = rest.slice(at);
      }
      args.push({ jsonPath, stringValue: rest });
    } else if (typeof item === 'number') args.push({ jsonPath, numberValue: item });
    else if (typeof item === 'boolean') args.push({ jsonPath, boolValue: item });
    else args.push({ jsonPath, nullValue: 'NULL_VALUE' });
  };
  walk(value, []);
  return args;
}

test.prop(
  [
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>),
    fc.array(fc.nat(3), { minLength: 1, maxLength: 20 }),
    fc.nat(3),
  ],
  { numRuns: numRuns(200) },
)(
  'streamed partialArgs accumulate to the object they set, live view included',
  (raw, cutCounts, perEvent) => {
    const expected = JSON.parse(JSON.stringify(prune(raw) ?? {})) as Json;
    let next = 0;
    const args = partialArgs(expected, () => cutCounts[next++ % cutCounts.length] ?? 0);
    const accumulator = createToolCallAccumulator({
      format: 'gemini',
      generateCallId: sequentialIds(),
    });
    const push = (functionCall: Record<string, unknown>): void => {
      accumulator.push({ candidates: [{ content: { role: 'model', parts: [{ functionCall }] } }] });
    };
    push({ name: 'f', willContinue: true });
    const size = perEvent + 1;
    for (let at = 0; at < args.length; at += size)
      push({ partialArgs: args.slice(at, at + size), willContinue: true });
    push({});
    const { calls } = accumulator.finish();
    expect(calls).toEqual([{ callId: 'gen_1', name: 'f', arguments: expected }]);
    expect(accumulator.liveCalls[0]?.partialArguments).toEqual(expected);
    const text = accumulator.liveCalls[0]?.argumentsText ?? '';
    expect(text === '' ? {} : JSON.parse(text)).toEqual(expected);
  },
);

it("reads quoted member names with JSON escapes and \\' in either quote style", () => {
  expect(parseJsonPath(String.raw`$['a b']["c\"d"]['e\'f'][0].g["\u00e9\n"]['x"y']`)).toEqual([
    'a b',
    'c"d',
    "e'f",
    0,
    'g',
    'é\n',
    'x"y',
  ]);
  expect(parseJsonPath("$['a\nb']")).toEqual(['a\nb']);
  expect(parseJsonPath(String.raw`$['a\\\'']`)).toEqual(["a\\'"]);
  expect(parseJsonPath(String.raw`$['a\x']`)).toBeUndefined();
  expect(parseJsonPath(String.raw`$['a\u00']`)).toBeUndefined();
  expect(parseJsonPath('$.a[*]')).toBeUndefined();
});
