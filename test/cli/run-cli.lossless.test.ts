import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-lossless-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `text` to a fresh file in the temp directory and returns its path. */
async function input(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const CALL =
  '{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]}';
const RESULT = '{"role":"tool","tool_call_id":"call_1","content":"ok"}';
/** The placeholder `fix` adds for call_1 of tool f at the end of a history (openai-chat). */
const PLACEHOLDER =
  '{"role":"tool","tool_call_id":"call_1","content":"{\\"error\\":true,\\"name\\":\\"ToolResultMissing\\",\\"message\\":\\"No result has been recorded yet for this call of tool \\\\\\"f\\\\\\". The tool may or may not have run.\\"}"}';

/** Valid histories whose text JSON.parse + JSON.stringify would change. */
const VALID_INPUTS = {
  'a JSON document with big numbers, odd spellings, key order and spacing': `{ "seed" : 1234567890123456789, "temperature": 1.0,
  "messages": [
    {"content": "hi", "role": "user", "n": 1e400, "m": -0, "k": 0.10000000000000000000001},
    ${CALL},
    ${RESULT}
  ]
}
`,
  'JSONL with CRLF line breaks, blank lines and no final line break': `[{"role":"user","content":"a","id":1234567890123456789}]\r\n\r\n{"messages":[{"role":"user","content":"b","x":1E+2}],"meta":{"z":1,"a":2}}\r\n\n[${CALL},${RESULT}]`,
  'a JSON array of conversations': `[
  [{"role":"user","content":"a","id":9007199254740993}],
  {"messages": [{"role":"user","content":"b"}], "seed": 18446744073709551615}
]`,
  'one message per line': `{"role":"user","content":"a","id":1234567890123456789}\n${CALL}\r\n${RESULT}`,
};

describe('fix writes back what it did not change, byte for byte', () => {
  it.each(Object.entries(VALID_INPUTS))(
    'a file with no fixes comes back byte-identical: %s',
    async (name, text) => {
      const path = await input(`valid-${name.length}.json`, text);
      const out = `${path}.out`;
      const run = await runCliInProcess(['fix', path, '-o', out]);
      const stdout = await runCliInProcess(['fix', path]);
      expect({
        code: run.code,
        written: await readFile(out, 'utf8'),
        stdout: stdout.stdout,
      }).toEqual({ code: 0, written: text, stdout: text });
    },
  );

  it('--in-place with no fixes leaves the file byte-identical', async () => {
    const text =
      VALID_INPUTS['a JSON document with big numbers, odd spellings, key order and spacing'];
    const path = await input('in-place-valid.json', text);
    const run = await runCliInProcess(['fix', path, '--in-place']);
    expect({ code: run.code, text: await readFile(path, 'utf8') }).toEqual({ code: 0, text });
  });

  it('rewrites only the fixed conversation of a JSONL file, and only its changed messages', async () => {
    const untouched =
      '{"messages": [{"role":"user","content":"b","x":1.0}], "id": 12345678901234567890}';
    const text = `[{"role":"user","content":"a","n":1.0}, ${CALL}]\n\n${untouched}\n`;
    const path = await input('one-broken.jsonl', text);
    const run = await runCliInProcess(['fix', path]);
    expect({ code: run.code, stdout: run.stdout }).toEqual({
      code: 0,
      stdout: `[{"role":"user","content":"a","n":1.0}, ${CALL}, ${PLACEHOLDER}]\n\n${untouched}\n`,
    });
  });

  it('keeps the indentation of a pretty-printed document around an inserted message', async () => {
    const text = `{\n  "messages": [\n    {"role": "user", "content": "a", "n": 1.0},\n    ${CALL}\n  ]\n}\n`;
    const path = await input('pretty.json', text);
    const run = await runCliInProcess(['fix', path]);
    const placeholder = JSON.stringify(JSON.parse(PLACEHOLDER), null, 2).replaceAll('\n', '\n    ');
    expect(run.stdout).toEqual(
      `{\n  "messages": [\n    {"role": "user", "content": "a", "n": 1.0},\n    ${CALL},\n    ${placeholder}\n  ]\n}\n`,
    );
  });

  it('carries numbers beyond double precision exactly inside a repaired message', async () => {
    // The repair rewrites the call id of the assistant message (Anthropic refuses "call 1"), so
    // that message is serialized anew: its big numbers must still be spelled as in the input.
    const text = `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"call 1","name":"f","input":{"user_id":1234567890123456789,"limit":1e400,"ratio":0.5}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"call 1","content":"ok"}]}]}`;
    const path = await input('anthropic-big.json', text);
    const run = await runCliInProcess(['fix', path, '--json']);
    const output = JSON.parse(run.stdout) as {
      messages: { content: { type: string; id?: string; input?: unknown }[] }[];
    };
    const id = output.messages[1]?.content[0]?.id ?? '';
    expect({ code: run.code, id: /^[a-zA-Z0-9_-]+$/.test(id), stdout: run.stdout }).toEqual({
      code: 0,
      id: true,
      stdout: text.replaceAll('call 1', id),
    });
  });

  it('refuses, with one line and nothing written, a repaired message whose big number it cannot tell apart', async () => {
    // 1234567890123456789 and 1234567890123456800 are one double: which one a rebuilt message
    // held cannot be known, so nothing is written rather than a guess.
    const text = `{"messages":[{"role":"user","content":"hi","other":1234567890123456800},{"role":"assistant","content":[{"type":"tool_use","id":"call 1","name":"f","input":{"user_id":1234567890123456789}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"call 1","content":"ok"}]}]}`;
    const path = await input('anthropic-ambiguous.json', text);
    const out = join(dir, 'ambiguous-out.json');
    const run = await runCliInProcess(['fix', path, '-o', out]);
    expect({
      code: run.code,
      stderr: run.stderr,
      written: (await readdir(dir)).filter((name) => name.includes('ambiguous-out')),
    }).toEqual({
      code: 2,
      stderr: `aiwrapper-tool-calls: ${path}: a repaired message holds the number 1234567890123456789 (also spelled 1234567890123456800), which JSON numbers in this program cannot tell apart; nothing was written\n`,
      written: [],
    });
  });

  it('trim writes the messages it keeps, and everything around them, as they were spelled', async () => {
    const path = await input(
      'trim.json',
      '{"model":"m","seed":12345678901234567890,"messages":[{"role":"user","content":"a","id":1234567890123456789},{"role":"assistant","content":"b"},{"role":"user","content":"c","n":1.0}]}\n',
    );
    const run = await runCliInProcess(['trim', path, '--max-messages', '1']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({
      code: 0,
      stdout:
        '{"model":"m","seed":12345678901234567890,"messages":[{"role":"user","content":"c","n":1.0}]}\n',
    });
  });
});
