// fix, convert and trim on JSONL with lines that do not parse: every line is processed, each bad
// line comes back byte for byte in its place and is reported, the summary says what was written,
// and the exit code is 2; stdout and -o hold the same bytes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairHistory } from '../../src/repair/repair-history.js';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import { runCliInProcess, runCliInProcessWithBytes } from './run-cli-in-process.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'malformed-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Text that is not JSON: a conversation cut short, stray bytes, a lone bracket. */
const arbitraryBadLine = fc.oneof(
  fc.constant('[{"role":"user","content":"oops"'),
  fc.constant('{'),
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => `{${text.replace(/[\r\n]/g, ' ')}`),
);

const arbitraryLines = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: arbitraryHistoryWithOrphans.map((messages) => ({ messages })) },
    { weight: 1, arbitrary: arbitraryBadLine.map((bad) => ({ bad })) },
  ),
  { minLength: 2, maxLength: 6 },
);

let counter = 0;

test.prop([arbitraryLines], { numRuns: 40 })(
  'fix passes each bad line through in its place and repairs every other, to stdout and -o alike',
  async (lines) => {
    // With no line that holds a conversation, the input is one JSON document that does not parse.
    fc.pre(lines.some((line) => 'messages' in line));
    const text = lines
      .map((line) => ('bad' in line ? line.bad : JSON.stringify(line.messages)))
      .join('\n')
      .concat('\n');
    const path = join(dir, `input-${String(counter)}.jsonl`);
    const output = join(dir, `output-${String(counter++)}.jsonl`);
    await writeFile(path, text);
    const toStdout = await runCliInProcessWithBytes(['fix', path]);
    const toFile = await runCliInProcess(['fix', path, '-o', output]);
    const written = await readFile(output, 'utf8');
    const bad = lines.filter((line) => 'bad' in line).length;
    const copies =
      bad === 0 ? '' : `, ${String(bad)} unreadable line${bad === 1 ? '' : 's'} copied unchanged`;
    const expected = lines.map((line) =>
      'bad' in line ? line.bad : repairHistory(line.messages, { format: 'openai-chat' }).messages,
    );
    const read = written
      .split('\n')
      .slice(0, -1)
      .map((line, index) => ('bad' in (lines[index] ?? {}) ? line : (JSON.parse(line) as unknown)));
    expect({
      code: [toStdout.code, toFile.code],
      same: toStdout.stdoutBytes.toString('utf8') === written,
      read,
      reported: toFile.stderr.split('\n').filter((line) => line.includes('invalid JSON')).length,
      summary: toFile.stdout.trimEnd().split('\n').at(-1)?.endsWith(`wrote ${output}${copies}`),
    }).toEqual({
      code: bad > 0 ? [2, 2] : [0, 0],
      same: true,
      read: expected,
      reported: bad,
      summary: true,
    });
  },
);

describe('a bad line in convert and trim', () => {
  const text =
    '[{"role":"user","content":"hi"}]\n[{"role":"user","content":"oops"\n[{"role":"user","content":"fine"}]\n';

  it('convert copies it unchanged between the converted lines and exits 2', async () => {
    const run = await runCliInProcess(['convert', '-', '--to', 'anthropic'], { stdin: text });
    expect({
      code: run.code,
      lines: run.stdout.split('\n'),
      summary: run.stderr.split('\n').at(-2),
    }).toEqual({
      code: 2,
      lines: [
        '[{"role":"user","content":"hi"}]',
        '[{"role":"user","content":"oops"',
        '[{"role":"user","content":"fine"}]',
        '',
      ],
      summary:
        '<stdin>: converted 2 conversations to anthropic, 0 warnings; wrote stdout, 1 unreadable line copied unchanged',
    });
  });

  it('trim copies it unchanged and says so', async () => {
    const run = await runCliInProcess(['trim', '-', '--max-messages', '5'], { stdin: text });
    expect({ code: run.code, stdout: run.stdout, summary: run.stderr.split('\n').at(-2) }).toEqual({
      code: 2,
      stdout: text,
      summary: '<stdin>: wrote stdout, 1 unreadable line copied unchanged',
    });
  });

  it('a line too long to hold leaves -o unwritten and says so', async () => {
    const output = join(dir, 'never-written.jsonl');
    const long = `[{"role":"user","content":"${'x'.repeat(300)}"}]`;
    const run = await runCliInProcess(['fix', '-', '-o', output], {
      stdin: `[{"role":"user","content":"a"}]\n${long}\n[{"role":"user","content":"b"}]\n`,
      maxLineLength: 200,
    });
    expect({
      code: run.code,
      summary: run.stdout.trimEnd().split('\n').at(-1),
      written: await readFile(output, 'utf8').catch(() => 'absent'),
    }).toEqual({
      code: 2,
      summary:
        '<stdin>: 0 fixes in 0 of 2 conversations; wrote nothing: 1 unreadable conversation cannot be copied unchanged',
      written: 'absent',
    });
  });
});

describe('a bad first line', () => {
  it('still reads the input as JSONL when the other lines hold conversations', async () => {
    const text =
      '[{"role":"user","content":"oops"\n[{"role":"user","content":"a"}]\n[{"role":"user","content":"b"}]\n';
    const run = await runCliInProcess(['fix', '-'], { stdin: text });
    expect(run).toEqual({
      code: 2,
      stdout: text,
      stderr:
        "<stdin>:1:33: conversation 1: invalid JSON: Expected ',' or '}' after property value\n" +
        '<stdin>: 0 fixes in 0 of 2 conversations; wrote stdout, 1 unreadable line copied unchanged\n',
    });
  });

  it('leaves a pretty-printed document that does not parse one document, located once', async () => {
    const run = await runCliInProcess(['check', '-'], {
      stdin: '{\n  "messages": [\n    {"role":"user","content":"a"},\n  ]\n}\n',
    });
    expect({ code: run.code, errors: run.stderr.split('\n').filter(Boolean).length }).toEqual({
      code: 2,
      errors: 1,
    });
  });
});
