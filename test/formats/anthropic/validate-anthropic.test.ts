import { describe, expect, it } from 'vitest';
import { errorBodyFor } from '../../../src/testing/index.js';
import { inspectAnthropic } from '../../../src/formats/anthropic/validate-anthropic.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { ToolHistoryError } from '../../../src/errors/tool-history-error.js';

const use = (id: string, name = 'get_weather'): object => ({
  type: 'tool_use',
  id,
  name,
  input: { city: 'Paris' },
});
const result = (id: string): object => ({ type: 'tool_result', tool_use_id: id, content: '21C' });
const user = (content: unknown): object => ({ role: 'user', content });
const assistant = (content: unknown): object => ({ role: 'assistant', content });

const missing = (at: number, ids: string): string =>
  `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
const unexpected = (at: string, id: string): string =>
  `${at}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;

describe('inspectAnthropic', () => {
  it('accepts parallel calls over several rounds, text before the calls and after the results', () => {
    const messages = [
      user('weather?'),
      assistant([{ type: 'text', text: 'checking' }, use('toolu_1'), use('toolu_2')]),
      user([result('toolu_2'), result('toolu_1'), { type: 'text', text: 'and tomorrow?' }]),
      assistant([use('toolu_3')]),
      user([result('toolu_3')]),
      assistant('done'),
    ];
    expect(inspectAnthropic(messages).result).toEqual({ ok: true, issues: [] });
  });

  it('reports a trimmed history that starts with a tool_result as an orphan', () => {
    expect(inspectAnthropic([user([result('toolu_1')]), assistant('ok')]).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 0,
          partIndex: 0,
          toolCallId: 'toolu_1',
          param: 'messages.0.content.0',
          message: unexpected('messages.0.content.0', 'toolu_1'),
        },
      ],
    });
  });

  it('reports calls without results, all or some of a turn, naming the next message', () => {
    expect(
      inspectAnthropic([
        user('go'),
        assistant([use('toolu_1'), use('toolu_2')]),
        user('never mind'),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['toolu_1', 'toolu_2'],
          param: 'messages.2',
          message: missing(2, 'toolu_1, toolu_2'),
        },
      ],
    });
    expect(
      inspectAnthropic([
        user('go'),
        assistant([use('toolu_1'), use('toolu_2')]),
        user([result('toolu_2')]),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['toolu_1'],
          param: 'messages.2',
          message: missing(2, 'toolu_1'),
        },
      ],
    });
  });

  it('reports a result with another message between it and its call as misplaced', () => {
    expect(
      inspectAnthropic([
        user('go'),
        assistant([use('toolu_1')]),
        user('hurry'),
        user([result('toolu_1')]),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['toolu_1'],
          param: 'messages.2',
          message: missing(2, 'toolu_1'),
        },
        {
          code: 'misplaced-tool-result',
          messageIndex: 3,
          partIndex: 0,
          toolCallId: 'toolu_1',
          callMessageIndex: 1,
          param: 'messages.3.content.0',
          message: unexpected('messages.3.content.0', 'toolu_1'),
        },
      ],
    });
  });

  it('reports text before the tool_result blocks of the user turn', () => {
    expect(
      inspectAnthropic([
        user('go'),
        assistant([use('toolu_1')]),
        user([{ type: 'text', text: 'here:' }, result('toolu_1')]),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'misplaced-tool-result',
          messageIndex: 2,
          partIndex: 1,
          toolCallId: 'toolu_1',
          callMessageIndex: 1,
          param: 'messages.2',
          message: missing(2, 'toolu_1'),
        },
      ],
    });
  });

  it('accepts results of one call turn split over consecutive user messages: the API merges them into one turn', () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1'), use('toolu_2'), use('toolu_3')]),
      user([result('toolu_1')]),
      user([result('toolu_2')]),
      user([result('toolu_3'), { type: 'text', text: 'and tomorrow?' }]),
      assistant('done'),
    ];
    expect(inspectAnthropic(messages).result).toEqual({ ok: true, issues: [] });
  });

  it('accepts calls split over consecutive assistant messages answered by the next user turn: the API merges them into one turn', () => {
    const messages = [
      user('go'),
      assistant([{ type: 'text', text: 'checking both' }, use('toolu_1')]),
      assistant([use('toolu_2', 'search')]),
      user([result('toolu_2'), result('toolu_1')]),
      assistant('done'),
    ];
    expect(inspectAnthropic(messages).result).toEqual({ ok: true, issues: [] });
  });

  it("reports a call of a merged assistant turn left unanswered, and text that follows an earlier message's calls", () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1')]),
      assistant([{ type: 'text', text: 'and also' }, use('toolu_2')]),
      user([result('toolu_1')]),
    ];
    const { issues } = inspectAnthropic(messages).result;
    expect(issues.map((issue) => [issue.code, issue.messageIndex])).toEqual([
      ['content-after-tool-call', 2],
      ['missing-tool-result', 2],
    ]);
    expect(issues[1]).toMatchObject({ toolCallIds: ['toolu_2'] });
  });

  it('reports a second result for a call of a merged assistant turn as a duplicate, and a repeated id across the merged messages', () => {
    const duplicateResult = inspectAnthropic([
      user('go'),
      assistant([use('toolu_1')]),
      assistant([use('toolu_2')]),
      user([result('toolu_1'), result('toolu_2'), result('toolu_1')]),
    ]).result;
    // Anthropic words a second result as a duplicate (its code is the duplicate-id one), not as
    // a result with no call in the turn before.
    expect(duplicateResult.issues).toHaveLength(1);
    expect(duplicateResult.issues[0]?.message).toContain(
      'duplicate `tool_result` for `tool_use_id` toolu_1, already answered at messages.3.content.0',
    );
    const repeatedId = inspectAnthropic([
      user('go'),
      assistant([use('toolu_1')]),
      assistant([use('toolu_1')]),
      user([result('toolu_1'), result('toolu_1')]),
    ]).result;
    expect(repeatedId.ok).toBe(false);
    expect(repeatedId.issues.map((issue) => issue.code)).toContain('duplicate-tool-call-id');
  });

  it('accepts a user message of text after a user message of results (the merged turn opens with the results)', () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1')]),
      user([result('toolu_1')]),
      user('and tomorrow?'),
    ];
    expect(inspectAnthropic(messages).result).toEqual({ ok: true, issues: [] });
  });

  it('reports a result after text in the merged user turn, naming the message after the call turn', () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1'), use('toolu_2'), use('toolu_3')]),
      user([result('toolu_1')]),
      user([{ type: 'text', text: 'also:' }, result('toolu_2')]),
      user([result('toolu_3')]),
    ];
    expect(inspectAnthropic(messages).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'misplaced-tool-result',
          messageIndex: 3,
          partIndex: 1,
          toolCallId: 'toolu_2',
          callMessageIndex: 1,
          param: 'messages.2',
          message: missing(2, 'toolu_2'),
        },
        {
          code: 'misplaced-tool-result',
          messageIndex: 4,
          partIndex: 0,
          toolCallId: 'toolu_3',
          callMessageIndex: 1,
          param: 'messages.2',
          message: missing(2, 'toolu_3'),
        },
      ],
    });
  });

  it('reports text after tool_use in the assistant turn', () => {
    expect(
      inspectAnthropic([
        user('go'),
        assistant([use('toolu_1'), { type: 'text', text: 'I will check.' }]),
        user([result('toolu_1')]),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'content-after-tool-call',
          messageIndex: 1,
          partIndex: 1,
          toolCallIds: ['toolu_1'],
          param: 'messages.2',
          message: missing(2, 'toolu_1'),
        },
      ],
    });
  });

  it('reports tool_use ids repeated anywhere in the request, and a second tool_result for one call', () => {
    const messages = [
      user('go'),
      assistant([use('call_0')]),
      user([result('call_0'), result('call_0')]),
      assistant([use('call_0')]),
      user([result('call_0')]),
    ];
    expect(inspectAnthropic(messages).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 2,
          partIndex: 1,
          toolCallId: 'call_0',
          param: 'messages.2.content.1',
          message:
            'messages.2.content.1: duplicate `tool_result` for `tool_use_id` call_0, already answered at messages.2.content.0. Each `tool_use` block must have exactly one `tool_result` block.',
        },
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 3,
          partIndex: 0,
          toolCallId: 'call_0',
          param: 'messages.3.content.0',
          message: 'messages.3.content.0: `tool_use` ids must be unique',
        },
      ],
    });
  });

  it('reports ids that do not match ^[a-zA-Z0-9_-]+$, the empty id included', () => {
    expect(
      inspectAnthropic([
        user('go'),
        assistant([use('functions.get:0'), use('')]),
        user([result('functions.get:0'), result('')]),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 0,
          toolCallId: 'functions.get:0',
          param: 'messages.1.content.0.tool_use.id',
          message:
            "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 1,
          toolCallId: '',
          param: 'messages.1.content.1.tool_use.id',
          message:
            "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
        },
      ],
    });
  });

  it('throws invalid-input naming the index and field for shapes Anthropic does not have', () => {
    expect(() => inspectAnthropic([user('hi'), { role: 'system', content: 'x' }])).toThrow(
      new ToolHistoryError(
        'invalid-input',
        "messages[1].role is the string \"system\", but must be 'user' or 'assistant' (the system prompt goes in the `system` field).",
      ),
    );
    expect(
      () => inspectAnthropic([assistant([{ type: 'tool_use', name: 'f', input: {} }])]).result,
    ).toThrow('messages[0].content[0].id is undefined, but must be a string.');
    expect(() => inspectAnthropic({ messages: [] } as unknown as unknown[])).toThrow(
      'Expected an Anthropic Messages `messages` array, but got an object.',
    );
  });

  it('does not modify its input', () => {
    const messages = [user('go'), assistant([use('toolu_1')])];
    const copy = structuredClone(messages);
    inspectAnthropic(messages);
    expect(messages).toEqual(copy);
  });
});

describe("errorBodyFor('anthropic')", () => {
  it('builds the 400 invalid_request_error body', () => {
    const [issue] = inspectAnthropic([user([result('toolu_1')])]).result.issues;
    expect(issue && errorBodyFor('anthropic', issue)).toEqual({
      status: 400,
      body: {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: unexpected('messages.0.content.0', 'toolu_1'),
        },
      },
    });
  });
});

describe('inspectAnthropic: a result repeated in a second user message', () => {
  it('is a duplicate, not a result missing from the message after the call turn', () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1')]),
      user([result('toolu_1')]),
      user([result('toolu_1')]),
    ];
    expect(
      inspectAnthropic(messages).result.issues.map((issue) => [issue.code, issue.messageIndex]),
    ).toEqual([['duplicate-tool-call-id', 3]]);
  });
});

describe('repairHistory on a merged assistant turn (Anthropic)', () => {
  it('leaves calls split over consecutive assistant messages as they are while it fixes a later orphan', () => {
    const input = [
      user('go'),
      assistant([use('toolu_1')]),
      assistant([use('toolu_2', 'search')]),
      user([result('toolu_1'), result('toolu_2')]),
      assistant('done'),
      user([result('toolu_9')]),
    ];
    const repaired = repairHistory(input, { format: 'anthropic' });
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['synthesized-call']);
    for (let index = 0; index < 5; index++) expect(repaired.messages[index]).toBe(input[index]);
    expect(inspectAnthropic(repaired.messages).result).toEqual({ ok: true, issues: [] });
  });
});
