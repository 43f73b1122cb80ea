import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/run-cli.js';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { rulesFor } from '../../src/cli/commands.js';
import { runCliInProcess } from './run-cli-in-process.js';

describe('rulesFor with a Chat Completions host', () => {
  it('checks Chat Completions (and Mistral) messages by the host, and refuses other shapes', () => {
    expect(rulesFor('openai-chat', 'deepseek')).toEqual({
      format: 'openai-chat',
      provider: 'deepseek',
    });
    expect(rulesFor('mistral', 'groq')).toEqual({ format: 'mistral', provider: 'groq' });
    expect(() => rulesFor('anthropic', 'deepseek')).toThrow(
      '--provider deepseek checks openai-chat messages, but this conversation is anthropic',
    );
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
