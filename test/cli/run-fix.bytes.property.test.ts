import { fc, test } from '@fast-check/vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import { runCliInProcess, runCliInProcessWithBytes } from './run-cli-in-process.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-bytes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Bytes inside a JSON string: valid text, bytes that are not UTF-8, escaped lone surrogates. */
const stringBytes: fc.Arbitrary<Buffer> = fc
  .array(
    fc.oneof(
      fc
        .string({ unit: 'grapheme', maxLength: 4 })
        .map((text) => Buffer.from(JSON.stringify(text).slice(1, -1))),
      // Anything from 0x80 up: stray continuation bytes, cut or overlong sequences, encoded
      // surrogates (ED A0 80), bytes that never occur in UTF-8 (C0, F5..FF).
      fc
        .uint8Array({ min: 0x80, max: 0xff, minLength: 1, maxLength: 4 })
        .map((bytes) => Buffer.from(bytes)),
      fc
        .constantFrom('\\ud800', '\\udc80', '\\uDCff', '\\ud83d\\ude00')
        .map((text) => Buffer.from(text)),
    ),
    { maxLength: 6 },
  )
  .map((pieces) => Buffer.concat(pieces));

/** Numbers JSON.parse cannot hold exactly. */
const numberText = fc.constantFrom(
  '12345678901234567890',
  '1e400',
  '0.1000000000000000000001',
  '-0',
  '1.0',
);

const LAYOUTS = ['json', 'jsonl', 'message-per-line'] as const;

/** The history as bytes, each user message's content and `n` replaced by `extras`; and each user message's bytes. */
function spell(
  messages: readonly object[],
  extras: readonly (readonly [Buffer, string])[],
  layout: (typeof LAYOUTS)[number],
): { readonly file: Buffer; readonly users: readonly Buffer[] } {
  const users: Buffer[] = [];
  let next = 0;
  const message = (item: object): Buffer => {
    if (!('role' in item) || item.role !== 'user') return Buffer.from(JSON.stringify(item));
    const [content, n] = extras[next++ % extras.length] ?? [Buffer.alloc(0), '0'];
    const bytes = Buffer.concat([
      Buffer.from('{"role":"user","content":"'),
      content,
      Buffer.from(`","n":${n}}`),
    ]);
    users.push(bytes);
    return bytes;
  };
  const array = (items: readonly object[], separator: string): Buffer =>
    Buffer.concat([
      Buffer.from('['),
      ...items.flatMap((item, index) =>
        index === 0 ? [message(item)] : [Buffer.from(separator), message(item)],
      ),
      Buffer.from(']'),
    ]);
  switch (layout) {
    case 'json':
      return {
        file: Buffer.concat([
          Buffer.from('{\n  "messages": '),
          array(messages, ',\n    '),
          Buffer.from('\n}\n'),
        ]),
        users,
      };
    case 'jsonl':
      return {
        file: Buffer.concat([
          array(messages, ','),
          Buffer.from('\n[{"role":"user","content":"x"}]\n'),
        ]),
        users,
      };
    case 'message-per-line':
      return {
        file: Buffer.concat(
          messages.map((item) => Buffer.concat([message(item), Buffer.from('\n')])),
        ),
        users,
      };
  }
}

test.prop(
  [
    arbitraryHistoryWithOrphans,
    fc.array(fc.tuple(stringBytes, numberText), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(...LAYOUTS),
  ],
  { numRuns: 60 },
)(
  'fix keeps every byte of the messages it does not change, UTF-8 or not',
  async (messages, extras, layout) => {
    // One line holding one message reads as a one-message JSON document, not as this layout.
    fc.pre(layout !== 'message-per-line' || messages.length >= 2);
    const { file, users } = spell(messages, extras, layout);
    const path = join(dir, `history-${layout}`);
    await writeFile(path, file);
    const run = await runCliInProcess(['fix', path, '-o', `${path}.out`, '--json']);
    const written = await readFile(`${path}.out`);
    const fixes = run.stdout
      .split('\n')
      .filter((line) => line !== '' && !line.includes('"unfixed"'));
    expect({
      code: run.code,
      identical: fixes.length === 0 ? written.equals(file) : 'fixed',
      usersKept: users.filter((bytes) => written.indexOf(bytes) === -1).length,
    }).toEqual({ code: 0, identical: fixes.length === 0 ? true : 'fixed', usersKept: 0 });
  },
);

it('fix keeps the bytes that are not UTF-8 in a message it rewrites', async () => {
  const call = (id: string): string =>
    `{"id":"${id}","type":"function","function":{"name":"f","arguments":"{}"}}`;
  // Two calls sharing one id: the repair gives the second a new id, so the message is rewritten.
  const assistant = (bytes: Buffer, first: string, second: string): Buffer =>
    Buffer.concat([
      Buffer.from('{"role":"assistant","content":"caf'),
      bytes,
      Buffer.from(`","tool_calls":[${call(first)},${call(second)}]}`),
    ]);
  const latin1 = Buffer.from([0xe9, 0xff]);
  const text = Buffer.concat([
    Buffer.from('[{"role":"user","content":"hi"},'),
    assistant(latin1, 'call_1', 'call_1'),
    Buffer.from(']'),
  ]);
  const path = join(dir, 'rewritten.json');
  await writeFile(path, text);
  const run = await runCliInProcess(['fix', path, '-o', `${path}.out`]);
  const written = await readFile(`${path}.out`);
  expect({
    code: run.code,
    kept: written.indexOf(Buffer.concat([Buffer.from('caf'), latin1, Buffer.from('"')])) !== -1,
    changed: !written.equals(text),
  }).toEqual({ code: 0, kept: true, changed: true });
});

it.each([
  ['convert', '--to', 'anthropic'],
  ['trim', '--max-messages', '5'],
])(
  '%s writes the bytes that are not UTF-8 back as they were, to a file and to stdout',
  async (...args) => {
    const text = Buffer.concat([
      Buffer.from('{"messages":[{"role":"user","content":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}]}'),
    ]);
    const path = join(dir, `${args[0]}-latin1.json`);
    await writeFile(path, text);
    const file = await runCliInProcess([args[0], path, ...args.slice(1), '-o', `${path}.out`]);
    const stdout = await runCliInProcessWithBytes([args[0], path, ...args.slice(1)]);
    const kept = (bytes: Buffer): boolean => bytes.indexOf(Buffer.from([0x66, 0xe9, 0x22])) !== -1;
    expect({
      codes: [file.code, stdout.code],
      file: kept(await readFile(`${path}.out`)),
      stdout: kept(stdout.stdoutBytes),
    }).toEqual({ codes: [0, 0], file: true, stdout: true });
  },
);
