import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

// A Gemini 3 conversation replayed without the thought signature its call came with.
const contents = [
  { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
  {
    role: 'model',
    parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } }],
  },
  {
    role: 'user',
    parts: [{ functionResponse: { id: 'c1', name: 'get_weather', response: { temp: 21 } } }],
  },
];

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-flags-'));
  file = join(dir, 'gemini.json');
  await writeFile(file, JSON.stringify({ contents }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('--model and --thinking', () => {
  it('check applies the rules of the model named: Gemini 3 needs the thought signature, 2.5 does not', async () => {
    const gemini3 = await runCliInProcess(['check', file, '--model', 'gemini-3-pro-preview']);
    expect(gemini3.code).toBe(1);
    expect(gemini3.stdout).toContain('[missing-thought-signature]');
    const gemini25 = await runCliInProcess(['check', file, '--model', 'gemini-2.5-flash']);
    expect(gemini25.code).toBe(0);
    expect((await runCliInProcess(['check', file])).code).toBe(0);
  });

  it("fix meets the model's rules and leaves the input file as it was", async () => {
    const output = join(dir, 'fixed.json');
    const before = await readFile(file, 'utf8');
    const fixed = await runCliInProcess([
      'fix',
      file,
      '--model',
      'gemini-3-pro-preview',
      '-o',
      output,
    ]);
    expect(fixed.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(before);
    const check = await runCliInProcess(['check', output, '--model', 'gemini-3-pro-preview']);
    expect(check.code).toBe(0);
  });

  it('refuses them on commands that apply no provider rules', async () => {
    const trimmed = await runCliInProcess(['trim', file, '--max-messages', '2', '--thinking']);
    expect(trimmed.code).toBe(2);
    expect(trimmed.stderr).toContain('--thinking is for check, fix, view, not trim');
  });
});
