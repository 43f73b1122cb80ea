import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function input(name: string, text: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const CALL =
  '{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]}';

describe('fix on deeply nested fields', () => {
  it.each([3_000, 100_000])(
    'keeps a %i-deep field of a message it does not touch, byte for byte',
    async (depth) => {
      const deep = `{"role":"user","content":"hi","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const path = await input(`deep-${String(depth)}.json`, `{"messages":[${deep},${CALL}]}`);
      const out = `${path}.out`;
      const run = await runCliInProcess(['fix', path, '-o', out]);
      const written = await readFile(out, 'utf8');
      expect({
        code: run.code,
        stderr: run.stderr,
        kept: written.startsWith(`{"messages":[${deep},${CALL}`),
      }).toEqual({
        code: 0,
        stderr: '',
        kept: true,
      });
    },
  );
});

describe('fix on a deeply nested message it must change', () => {
  it('refuses with the location, exit 2, and writes nothing', async () => {
    const depth = 100_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const call = (id: string): string =>
      `{"id":"${id}","type":"function","function":{"name":"f","arguments":"{}"}}`;
    // Two calls sharing one id: the repair rewrites the second id, so the message is rewritten.
    const path = await input(
      'deep-changed.jsonl',
      `[{"role":"user","content":"a"}]\n[{"role":"user","content":"hi"},{"role":"assistant","content":null,"x":${deep},"tool_calls":[${call('call_1')},${call('call_1')}]},{"role":"tool","tool_call_id":"call_1","content":"a"},{"role":"tool","tool_call_id":"call_1","content":"b"}]\n`,
    );
    const out = `${path}.out`;
    const run = await runCliInProcess(['fix', path, '-o', out]);
    expect({
      code: run.code,
      stderr: run.stderr.replace(/\(.*\)/, '(…)'),
      written: await readFile(out, 'utf8').catch(() => 'nothing'),
    }).toEqual({
      code: 2,
      stderr: `aiwrapper-tool-calls: ${path}:2: conversation 2: the message at index 1 changed and is too deeply nested or too large to write (…); nothing was written\n`,
      written: 'nothing',
    });
  });
});

const lone = (text: string): number => text.replace(/\r\n/g, '').split('\n').length - 1;

describe('fix on files with a byte order mark or CRLF line breaks', () => {
  const broken = [`{"role":"user","content":"hi"}`, CALL];
  const layouts = {
    'a JSON document': (eol: string) =>
      `{${eol}  "messages": [${eol}    ${broken.join(`,${eol}    `)}${eol}  ]${eol}}${eol}`,
    'a JSON document with one message': (eol: string) =>
      `{${eol}  "messages": [${eol}    ${CALL}${eol}  ]${eol}}${eol}`,
    JSONL: (eol: string) => `[{"role":"user","content":"a"}]${eol}[${broken.join(',')}]${eol}`,
    'one message per line': (eol: string) => `${broken.join(eol)}${eol}`,
  };
  it.each(Object.entries(layouts))(
    '%s keeps its BOM and its CRLF line breaks',
    async (name, spell) => {
      const text = `\uFEFF${spell('\r\n')}`;
      const path = await input(`bom-crlf-${name.length}.json`, text);
      const run = await runCliInProcess(['fix', path, '-o', `${path}.out`, '--json']);
      const written = await readFile(`${path}.out`, 'utf8');
      expect({
        code: run.code,
        stderr: run.stderr,
        bom: written.startsWith('\uFEFF'),
        lfOnly: lone(written),
        fixed: run.stdout.includes('inserted-placeholder'),
        parsed: written.slice(1).trim().split(/\r\n/).length > 1,
      }).toEqual({ code: 0, stderr: '', bom: true, lfOnly: 0, fixed: true, parsed: true });
    },
  );

  it('a file with a BOM and no fixes comes back byte-identical', async () => {
    const text = `\uFEFF${layouts['a JSON document']('\n').replace(CALL, `${CALL},{"role":"tool","tool_call_id":"call_1","content":"ok"}`)}`;
    const path = await input('bom-valid.json', text);
    const run = await runCliInProcess(['fix', path, '-o', `${path}.out`]);
    expect({ code: run.code, written: await readFile(`${path}.out`, 'utf8') }).toEqual({
      code: 0,
      written: text,
    });
  });
});

describe('a JSONL line longer than the longest line the CLI reads', () => {
  const long = `[{"role":"user","content":"${'x'.repeat(300)}"}]`;
  const text = `[{"role":"user","content":"a"}]\n${long}\n[${CALL}]\n[{"role":"user","content":"b"}]\n`;

  it('check reports it with its line number, still checks the later lines, and exits 2', async () => {
    const path = await input('long-line.jsonl', text);
    const run = await runCliInProcess(['check', path], { maxLineLength: 200 });
    expect({
      code: run.code,
      stderr: run.stderr,
      laterChecked: run.stdout.includes(`${path}:3:`),
    }).toEqual({
      code: 2,
      stderr: `${path}:2: conversation 2: line 2 is too long to read (over 200 characters)\n`,
      laterChecked: true,
    });
  });

  it('fix reports it, writes nothing, and exits 2', async () => {
    const path = await input('long-line-fix.jsonl', text);
    const run = await runCliInProcess(['fix', path, '--in-place'], { maxLineLength: 200 });
    expect({ code: run.code, stderr: run.stderr, text: await readFile(path, 'utf8') }).toEqual({
      code: 2,
      stderr: `${path}:2: conversation 2: line 2 is too long to read (over 200 characters)\n`,
      text,
    });
  });
});

describe('convert and __proto__ keys', () => {
  const text = `{"messages":[{"role":"user","content":"hi","__proto__":{"x":1}},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\\"__proto__\\":{\\"a\\":1}}"},"__proto__":{"q":1}}]},{"role":"tool","tool_call_id":"c1","content":"{\\"__proto__\\":2}","__proto__":{"t":1}}]}`;

  it('carries them through as data when the target keeps the fields', async () => {
    const path = await input('proto.json', text);
    const run = await runCliInProcess(['convert', path, '--to', 'openai-chat']);
    expect({ code: run.code, stdout: JSON.parse(run.stdout) as unknown }).toEqual({
      code: 0,
      stdout: JSON.parse(text) as unknown,
    });
  });

  it('names them in the warning when the target cannot carry them', async () => {
    const path = await input('proto-anthropic.json', text);
    const run = await runCliInProcess(['convert', path, '--to', 'anthropic']);
    const written = JSON.parse(run.stdout) as { messages: { content: unknown }[] };
    expect({
      code: run.code,
      input: written.messages[1]?.content,
      warnings: run.stderr.split('\n').filter((line) => line.includes('__proto__')).length,
    }).toEqual({
      code: 0,
      input: [
        {
          type: 'tool_use',
          id: 'c1',
          name: 'f',
          input: JSON.parse('{"__proto__":{"a":1}}') as unknown,
        },
      ],
      warnings: 3,
    });
  });
});
