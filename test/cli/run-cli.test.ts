import { mkdtemp, readFile, rm, writeFile, copyFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/trim/token-estimate.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { runCliInProcess } from './run-cli-in-process.js';

const fixture = (name: string): string => `test/cli/__fixtures__/${name}`;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.concurrent('aiwrapper-tool-calls check', () => {
  it('exits 0 and says so for a valid history', async () => {
    expect(await runCliInProcess(['check', fixture('valid-openai-chat.json')])).toEqual({
      code: 0,
      stdout:
        'test/cli/__fixtures__/valid-openai-chat.json: no issues in 1 conversation (openai-chat)\n',
      stderr: '',
    });
  });

  it.each([
    [
      'trimmed-openai-chat.json',
      [],
      `messages[1], call "call_1": Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. [orphan-tool-result]`,
      'openai-chat',
    ],
    [
      'invalid-openai-responses.json',
      [],
      'input[1], call "fc_1": No tool output found for function call fc_1. [missing-tool-result]\n… input[2], call "fc_9": No tool call found for function call output with call_id fc_9. [orphan-tool-result]',
      'openai-responses',
    ],
    [
      'invalid-anthropic.json',
      [],
      'messages[1], call "toolu_1": messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message. [missing-tool-result]',
      'anthropic',
    ],
    [
      'invalid-gemini.json',
      [],
      'contents[1], call "f2": Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn. [missing-tool-result]',
      'gemini',
    ],
    [
      'invalid-mistral.json',
      ['--format', 'mistral'],
      "messages[3]: Unexpected role 'user' after role 'tool' [unexpected-role]",
      'mistral',
    ],
    [
      'invalid-vercel.json',
      [],
      'messages[1], part 0, call "call_1": Tool result at messages[1].content[0] answers call "call_1", which the call turn right before it does not make. Add the call first, or drop the result. [orphan-tool-result]',
      'vercel',
    ],
    [
      'invalid-aiwrapper.json',
      [],
      'messages[1], call "call_1": The assistant message at messages[1] calls "call_1", but no tool-results message right after it answers it. Add the results, or a placeholder result, before the next message. [missing-tool-result]',
      'aiwrapper',
    ],
  ])('reports %s in the provider’s words and exits 1', async (name, flags, issues, format) => {
    const file = fixture(name);
    const lines = issues.split('\n… ').map((issue) => `${file}: ${issue}\n`);
    const count = lines.length === 1 ? '1 issue' : `${lines.length} issues`;
    expect(await runCliInProcess(['check', file, ...flags])).toEqual({
      code: 1,
      stdout: `${lines.join('')}${file}: ${count} in 1 of 1 conversation (${format})\n`,
      stderr: '',
    });
  });

  it('checks Chat Completions messages against Mistral’s rules with --provider', async () => {
    const run = await runCliInProcess([
      'check',
      fixture('invalid-mistral.json'),
      '--provider',
      'mistral',
    ]);
    expect([run.code, run.stdout.split('\n').at(-2)]).toEqual([
      1,
      `${fixture('invalid-mistral.json')}: 1 issue in 1 of 1 conversation (openai-chat)`,
    ]);
  });

  it('prints machine-readable JSON with --json, one entry per issue with conversation and line', async () => {
    const run = await runCliInProcess(['check', fixture('conversations.jsonl'), '--json']);
    expect({
      code: run.code,
      stderr: run.stderr,
      output: JSON.parse(run.stdout) as unknown,
    }).toEqual({
      code: 1,
      stderr: '',
      output: {
        file: fixture('conversations.jsonl'),
        issues: [
          {
            conversation: 2,
            line: 2,
            format: 'openai-chat',
            provider: 'openai-chat',
            code: 'orphan-tool-result',
            messageIndex: 0,
            toolCallIds: ['call_1'],
            param: 'messages.[0].role',
            message:
              "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          },
        ],
        unreadable: [],
        summary: {
          conversations: 3,
          conversationsWithIssues: 1,
          issues: 1,
          unreadable: 0,
          formats: { 'openai-chat': 2, 'openai-responses': 1 },
        },
      },
    });
  });

  it('reads one message per line as one conversation', async () => {
    expect(await runCliInProcess(['check', fixture('messages-per-line.jsonl')])).toEqual({
      code: 0,
      stdout: `${fixture('messages-per-line.jsonl')}: no issues in 1 conversation (openai-chat)\n`,
      stderr: '',
    });
  });

  it('reads stdin when no file is given', async () => {
    const stdin = await readFile(fixture('trimmed-openai-chat.json'), 'utf8');
    const run = await runCliInProcess(['check', '--json'], { stdin });
    expect([
      run.code,
      (JSON.parse(run.stdout) as { file: string; summary: unknown }).summary,
    ]).toEqual([
      1,
      {
        conversations: 1,
        conversationsWithIssues: 1,
        issues: 1,
        unreadable: 0,
        formats: { 'openai-chat': 1 },
      },
    ]);
  });

  it('names line and column of a JSON syntax error, exits 2, and prints no stack trace', async () => {
    expect(await runCliInProcess(['check', fixture('malformed.json')])).toEqual({
      code: 2,
      stdout: '',
      stderr: `${fixture('malformed.json')}:3:46: invalid JSON: Expected double-quoted property name\n`,
    });
  });

  it('exits 2 on an empty file', async () => {
    expect(await runCliInProcess(['check', fixture('empty.json')])).toEqual({
      code: 2,
      stdout: '',
      stderr: `${fixture('empty.json')}: the input is empty; expected JSON or JSONL holding messages\n`,
    });
  });

  it('names the conversation, line and column of a bad JSONL line and still checks the others', async () => {
    expect(await runCliInProcess(['check', fixture('bad-line.jsonl')])).toEqual({
      code: 2,
      stdout: `${fixture('bad-line.jsonl')}: no issues in 2 conversations, 1 unreadable (openai-chat, guessed)\n`,
      stderr: `${fixture('bad-line.jsonl')}:2:33: conversation 2: invalid JSON: Expected ',' or '}' after property value\n`,
    });
  });

  it('exits 2 with one line for a missing file', async () => {
    expect(await runCliInProcess(['check', 'no/such/file.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'aiwrapper-tool-calls: no/such/file.json: no such file\n',
    });
  });

  it('streams a large JSONL file, quiet on a stderr that is not a terminal', async () => {
    const path = join(dir, 'large.jsonl');
    const lines: string[] = [];
    for (let index = 0; index < 5000; index++) {
      const id = `call_${index}`;
      const conversation = [
        { role: 'user', content: `question ${index}` },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id, type: 'function', function: { name: 'search', arguments: `{"q":"${index}"}` } },
          ],
        },
        ...(index % 1000 === 7
          ? []
          : [{ role: 'tool', tool_call_id: id, content: `result ${index}` }]),
        { role: 'assistant', content: 'done' },
      ];
      lines.push(JSON.stringify({ id: index, messages: conversation }));
    }
    await writeFile(path, `${lines.join('\n')}\n`);
    const run = await runCliInProcess(['check', path, '--json']);
    const output = JSON.parse(run.stdout) as {
      issues: { conversation: number; code: string }[];
      summary: unknown;
    };
    expect({
      code: run.code,
      stderr: run.stderr,
      issues: output.issues.map((issue) => [issue.conversation, issue.code]),
      summary: output.summary,
    }).toEqual({
      code: 1,
      stderr: '',
      issues: [8, 1008, 2008, 3008, 4008].map((conversation) => [
        conversation,
        'missing-tool-result',
      ]),
      summary: {
        conversations: 5000,
        conversationsWithIssues: 5,
        issues: 5,
        unreadable: 0,
        formats: { 'openai-chat': 5000 },
      },
    });
  });
});

describe.concurrent('aiwrapper-tool-calls fix', () => {
  it('writes the repaired history to -o, prints the fixes, and leaves the input alone', async () => {
    const output = join(dir, 'fixed-anthropic.json');
    const before = await readFile(fixture('invalid-anthropic.json'), 'utf8');
    const run = await runCliInProcess(['fix', fixture('invalid-anthropic.json'), '-o', output]);
    const written = JSON.parse(await readFile(output, 'utf8')) as {
      model: string;
      system: string;
      messages: unknown[];
    };
    expect({
      code: run.code,
      stdout: run.stdout
        .split('\n')
        .map((line) => line.replace(/: The call .*(\[inserted-placeholder\])$/, ': … $1')),
      stderr: run.stderr,
      model: written.model,
      system: written.system,
      valid: validateHistory(written.messages, { format: 'anthropic' }),
      input: await readFile(fixture('invalid-anthropic.json'), 'utf8'),
    }).toEqual({
      code: 0,
      stdout: [
        `${fixture('invalid-anthropic.json')}: messages[2], call "toolu_1": … [inserted-placeholder]`,
        `${fixture('invalid-anthropic.json')}: 1 fix in 1 of 1 conversation; wrote ${output}`,
        '',
      ],
      stderr: '',
      model: 'claude-sonnet-4-5',
      system: 'Be brief.',
      valid: { ok: true, issues: [] },
      input: before,
    });
  });

  it('writes to stdout with the fixes on stderr when no -o is given', async () => {
    const run = await runCliInProcess(['fix', fixture('trimmed-openai-chat.json')]);
    const written = JSON.parse(run.stdout) as { messages: unknown[] };
    expect([
      run.code,
      validateHistory(written.messages, { format: 'openai-chat' }).ok,
      run.stderr.endsWith('1 fix in 1 of 1 conversation; wrote stdout\n'),
    ]).toEqual([0, true, true]);
  });

  it('refuses to write over the input without --in-place, and does with it', async () => {
    const path = join(dir, 'in-place.json');
    await copyFile(fixture('trimmed-openai-chat.json'), path);
    const refused = await runCliInProcess(['fix', path, '-o', path]);
    const unchanged = await readFile(path, 'utf8');
    const done = await runCliInProcess(['fix', path, '--in-place']);
    const rewritten = JSON.parse(await readFile(path, 'utf8')) as { messages: unknown[] };
    expect({
      refused: [refused.code, refused.stderr],
      unchanged: unchanged === (await readFile(fixture('trimmed-openai-chat.json'), 'utf8')),
      done: done.code,
      valid: validateHistory(rewritten.messages, { format: 'openai-chat' }).ok,
      leftovers: (await readdir(dir)).filter((name) => name.endsWith('.tmp')),
    }).toEqual({
      refused: [
        2,
        `aiwrapper-tool-calls: -o ${path} is the input file; write elsewhere, or pass --in-place (fix, convert, trim) to overwrite it\n`,
      ],
      unchanged: true,
      done: 0,
      valid: true,
      leftovers: [],
    });
  });

  it('copies a line it cannot read into the output unchanged, in its place, and exits 2', async () => {
    const output = join(dir, 'with-bad-line.jsonl');
    const run = await runCliInProcess(['fix', fixture('bad-line.jsonl'), '-o', output]);
    expect([run.code, run.stderr, run.stdout, await readFile(output, 'utf8')]).toEqual([
      2,
      `${fixture('bad-line.jsonl')}:2:33: conversation 2: invalid JSON: Expected ',' or '}' after property value\n`,
      `${fixture('bad-line.jsonl')}: 0 fixes in 0 of 2 conversations; wrote ${output}, 1 unreadable line copied unchanged\n`,
      await readFile(fixture('bad-line.jsonl'), 'utf8'),
    ]);
  });
});

describe.concurrent('aiwrapper-tool-calls convert, trim, pairs', () => {
  it('converts to another format, moving the system prompt where the target keeps it', async () => {
    const run = await runCliInProcess([
      'convert',
      fixture('valid-openai-chat.json'),
      '--to',
      'anthropic',
    ]);
    const output = JSON.parse(run.stdout) as { system: string; messages: unknown[] };
    expect({
      code: run.code,
      system: output.system,
      valid: validateHistory(output.messages, { format: 'anthropic' }),
      stderr: run.stderr,
    }).toEqual({
      code: 0,
      system: 'Be brief.',
      valid: { ok: true, issues: [] },
      stderr: `${fixture('valid-openai-chat.json')}: converted 1 conversation to anthropic, 0 warnings; wrote stdout\n`,
    });
  });

  it('trims to a budget without separating calls from results', async () => {
    const run = await runCliInProcess([
      'trim',
      fixture('valid-openai-chat.json'),
      '--max-messages',
      '3',
    ]);
    const kept = [
      { role: 'system', content: 'Be brief.' },
      { role: 'assistant', content: 'Rain in Paris, sun in Rome.' },
    ];
    const tokens = kept.reduce((sum, message) => sum + estimateTokens(message), 0);
    expect({
      code: run.code,
      messages: JSON.parse(run.stdout) as unknown,
      stderr: run.stderr,
    }).toEqual({
      code: 0,
      messages: kept,
      stderr: `${fixture('valid-openai-chat.json')}: dropped 4 messages (messages[1..4]), kept 2, ~${tokens} tokens\n`,
    });
  });

  it('lists each call with its result and status as JSON', async () => {
    const run = await runCliInProcess(['pairs', fixture('invalid-gemini.json'), '--json']);
    expect({ code: run.code, output: JSON.parse(run.stdout) as unknown }).toEqual({
      code: 0,
      output: {
        conversation: 1,
        line: 1,
        format: 'gemini',
        pairs: [
          {
            callId: 'f1',
            name: 'now',
            arguments: {},
            status: 'ok',
            turn: 0,
            callMessageIndex: 1,
            result: { messageIndex: 2, content: '10:00', isError: false },
          },
          {
            callId: 'f2',
            name: 'today',
            arguments: {},
            status: 'pending',
            turn: 0,
            callMessageIndex: 1,
          },
        ],
        unpaired: [],
      },
    });
  });

  it('prints usage with --help and rejects an unknown command with exit 2', async () => {
    const [help, unknown] = await Promise.all([
      runCliInProcess(['--help']),
      runCliInProcess(['inspect']),
    ]);
    expect({ help: [help.code, help.stdout.split('\n')[0]], unknown }).toEqual({
      help: [0, 'Usage: aiwrapper-tool-calls <command> [file] [options]'],
      unknown: {
        code: 2,
        stdout: '',
        stderr:
          'aiwrapper-tool-calls: unknown command "inspect": use one of check, fix, convert, trim, pairs, view\nRun "aiwrapper-tool-calls --help" for usage.\n',
      },
    });
  });
});
