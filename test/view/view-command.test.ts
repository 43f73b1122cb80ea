import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStrictServer } from '../../src/testing/strict-server.js';
import { runCliInProcess } from '../cli/run-cli-in-process.js';
import { pageParts } from './view-page.js';

const folder = mkdtempSync(join(tmpdir(), 'view-command-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const CHAT = [
  { role: 'user', content: 'hi' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'now', arguments: '{}' } }],
  },
];
const GEMINI = [
  { role: 'user', parts: [{ text: 'hi' }] },
  { role: 'model', parts: [{ functionCall: { name: 'now', args: {} } }] },
];

describe('aiwrapper-tool-calls view', () => {
  it('writes one page of every conversation, each in its detected format, and reports unreadable lines (exit 2)', async () => {
    const input = join(folder, 'mixed.jsonl');
    const output = join(folder, 'mixed.html');
    const lines = [
      JSON.stringify({ messages: CHAT }),
      '{not json',
      JSON.stringify({ contents: GEMINI }),
    ];
    writeFileSync(input, `${lines.join('\n')}\n`);
    const run = await runCliInProcess(['view', input, '-o', output]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `${input}:2:2: conversation 2: invalid JSON: Expected property name or '}'\n`,
    );
    expect(run.stdout).toBe(`${input}: wrote the view of 3 conversations to ${output}\n`);
    const { conversations } = pageParts(readFileSync(output, 'utf8'));
    expect(
      conversations.map(({ title, format, issues, error }) => ({
        title,
        format,
        codes: issues.map((issue) => issue.code),
        unreadable: error !== undefined,
      })),
    ).toEqual([
      {
        title: '#1 (line 1)',
        format: 'openai-chat',
        codes: ['missing-tool-result'],
        unreadable: false,
      },
      { title: '#2 (line 2)', format: 'openai-chat', codes: [], unreadable: true },
      { title: '#3 (line 3)', format: 'gemini', codes: ['missing-tool-result'], unreadable: false },
    ]);
  });

  it('reads stdin and writes the page to stdout, under the rules of --provider', async () => {
    const run = await runCliInProcess(['view', '-', '--provider', 'deepseek'], {
      stdin: JSON.stringify(CHAT),
    });
    expect(run.code).toBe(0);
    const { conversations, scripts } = pageParts(run.stdout);
    expect(scripts).toHaveLength(3);
    expect(conversations.map((view) => [view.provider, view.issues.length])).toEqual([
      ['deepseek', 1],
    ]);
  });

  it('refuses --in-place: the page is not a history', async () => {
    const input = join(folder, 'one.json');
    writeFileSync(input, JSON.stringify(CHAT));
    const run = await runCliInProcess(['view', input, '--in-place']);
    expect({ code: run.code, stderr: run.stderr.split('\n')[0] }).toEqual({
      code: 2,
      stderr: 'aiwrapper-tool-calls: --in-place is for fix, convert, trim, not view',
    });
  });

  it('refuses -o naming its input, which stays as it was', async () => {
    const input = join(folder, 'self.json');
    writeFileSync(input, JSON.stringify(CHAT));
    const run = await runCliInProcess(['view', input, '-o', input]);
    expect({ code: run.code, stderr: run.stderr, input: readFileSync(input, 'utf8') }).toEqual({
      code: 2,
      stderr: `aiwrapper-tool-calls: -o ${input} is the input file; write elsewhere, or pass --in-place (fix, convert, trim) to overwrite it\n`,
      input: JSON.stringify(CHAT),
    });
  });
});

describe('the strict server view (GET /__view)', () => {
  it('holds each recorded request with the refusal it got, without a browser', async () => {
    const server = await startStrictServer();
    try {
      await fetch(`${server.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o',
          messages: [...CHAT, { role: 'user', content: 'go' }],
        }),
      });
      const response = await fetch(server.viewURL);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const [view] = pageParts(await response.text()).conversations;
      expect(view?.title).toBe('#1 POST /v1/chat/completions → 400');
      expect(view?.note).toMatchObject({ status: 400, error: { type: 'invalid_request_error' } });
      expect(view?.issues.map((issue) => issue.code)).toEqual(['missing-tool-result']);
      // The view itself is not recorded.
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
