import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/run-cli.js';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { CliRun } from './run-cli-process.js';
import { runCliInProcess } from './run-cli-in-process.js';

describe('check --provider with a Chat Completions host', () => {
  it('checks Chat Completions (and Mistral) messages by the host, and refuses other shapes', async () => {
    const chat = JSON.stringify([{ role: 'user', content: 'hi' }]);
    const anthropic = JSON.stringify([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    const run = (stdin: string, format: string, provider = 'deepseek'): Promise<CliRun> =>
      runCliInProcess(['check', '-', '--format', format, '--provider', provider], { stdin });
    expect((await run(chat, 'openai-chat')).code).toBe(0);
    expect((await run(chat, 'mistral')).code).toBe(0);
    // Mistral's rules read Chat Completions: the adapters share a wire shape.
    expect((await run(chat, 'openai-chat', 'mistral')).code).toBe(0);
    expect((await run(anthropic, 'anthropic', 'gemini')).stderr).toContain(
      'The gemini rules check gemini messages, but these are anthropic',
    );
    expect(await run(anthropic, 'anthropic')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '<stdin>: The deepseek rules check openai-chat messages, but these are anthropic; convert them to openai-chat first, or repair them for deepseek.\n',
    });
  });
});

describe('--provider', () => {
  it('takes a host name, and names both kinds of provider when the name is unknown', () => {
    const parsed = parseCliArgs(['check', 'x.json', '--provider', 'deepseek']);
    expect(typeof parsed === 'string' ? parsed : parsed.provider).toBe('deepseek');
    expect(() => parseCliArgs(['check', 'x.json', '--provider', 'nope'])).toThrow(
      `--provider "nope" is not a provider: use a format (${MESSAGE_FORMATS.join(', ')}) or a Chat Completions host (openai, deepseek, groq, qwen)`,
    );
  });

  it("check --provider deepseek accepts DeepSeek's 43-character ids and words its errors", async () => {
    const id = 'call_0_3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
    const messages = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id, type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: id, content: 'r' },
      { role: 'tool', tool_call_id: 'call_x', content: 'r' },
    ];
    const stdin = JSON.stringify(messages);
    const run = await runCliInProcess(['check', '-', '--provider', 'deepseek', '--json'], {
      stdin,
    });
    const output = JSON.parse(run.stdout) as { issues: { provider: string; message: string }[] };
    expect([run.code, output.issues.map((issue) => [issue.provider, issue.message])]).toEqual([
      1,
      [
        [
          'deepseek',
          "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
        ],
      ],
    ]);
  });
});
