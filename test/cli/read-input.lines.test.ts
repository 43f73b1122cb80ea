import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { readLines } from '../../src/cli/read-input.js';

function* chunksOf(bytes: Uint8Array, cuts: readonly number[]): Generator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const at = cut % (bytes.length + 1);
    if (at < start) continue;
    yield bytes.slice(start, at);
    start = at;
  }
  yield bytes.slice(start);
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) yield await Promise.resolve(item);
}

test.prop([
  fc.array(
    fc.string({ unit: 'grapheme' }).map((line) => line.replace(/[\r\n]/g, '')),
    { maxLength: 8 },
  ),
  fc.array(fc.nat(), { maxLength: 10 }),
  fc.boolean(),
])(
  'yields the same lines however the bytes are chunked, multi-byte characters included',
  async (lines, cuts, crlf) => {
    const text = lines.map((line) => `${line}${crlf ? '\r\n' : '\n'}`).join('');
    const read: string[] = [];
    for await (const line of readLines(toAsync(chunksOf(new TextEncoder().encode(text), cuts))))
      read.push(line.text);
    expect(read).toEqual(lines);
  },
);

test.prop([
  fc.string({ unit: fc.constantFrom('a', 'é', '\r', '\n', '😀'), maxLength: 30 }),
  fc.array(fc.nat(), { maxLength: 10 }),
])('gives back the exact text: each line joined with its own ending', async (text, cuts) => {
  const pieces: string[] = [];
  for await (const line of readLines(toAsync(chunksOf(new TextEncoder().encode(text), cuts))))
    pieces.push(line.text + line.ending);
  expect(pieces.join('')).toEqual(text);
});

test.prop([
  fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '😀'), maxLength: 12 }), { maxLength: 6 }),
  fc.array(fc.nat(), { maxLength: 10 }),
  fc.integer({ min: 0, max: 12 }),
])(
  'marks each line longer than maxLength as tooLong and still reads the lines after it',
  async (lines, cuts, maxLength) => {
    const text = lines.map((line) => `${line}\n`).join('');
    const read: (string | { tooLong: number })[] = [];
    const chunks = toAsync(chunksOf(new TextEncoder().encode(text), cuts));
    for await (const line of readLines(chunks, maxLength))
      read.push(line.tooLong ? { tooLong: line.number } : line.text);
    expect(read).toEqual(
      lines.map((line, index) => (line.length > maxLength ? { tooLong: index + 1 } : line)),
    );
  },
);
