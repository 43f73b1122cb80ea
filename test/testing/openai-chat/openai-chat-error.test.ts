import { describe, expect, it } from 'vitest';
import type { HistoryIssue } from '../../../src/errors/history-issue.js';
import {
  firstReportedIssue,
  openAIErrorCodeFor,
} from '../../../src/testing/openai-chat/openai-chat-endpoint.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import {
  errorBodyFor,
  startStrictServer as startStrictOpenAIServer,
} from '../../../src/testing/index.js';
import { post } from '../http.js';

const issuesOf = (messages: readonly unknown[]): readonly [HistoryIssue, ...HistoryIssue[]] => {
  const result = validateOpenAIChat(messages);
  if (result.ok) throw new Error('expected issues');
  return result.issues;
};

const call = (id: string, args: unknown = '{}'): object => ({
  id,
  type: 'function',
  function: { name: 'f', arguments: args },
});

describe("errorBodyFor('openai-chat')", () => {
  it('builds the 400 body OpenAI sends for an orphan tool message', () => {
    const [issue] = issuesOf([
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'c1', content: 'x' },
    ]);
    expect(errorBodyFor('openai-chat', issue)).toEqual({
      status: 400,
      body: {
        error: {
          message:
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          type: 'invalid_request_error',
          param: 'messages.[1].role',
          code: null,
        },
      },
    });
  });

  it('builds the 400 body for an empty tool_calls array, with its code', () => {
    const [issue] = issuesOf([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'x', tool_calls: [] },
    ]);
    expect(errorBodyFor('openai-chat', issue)).toEqual({
      status: 400,
      body: {
        error: {
          message:
            "Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
          type: 'invalid_request_error',
          param: 'messages[1].tool_calls',
          code: 'empty_array',
        },
      },
    });
  });

  it('uses param null when the issue names none', () => {
    const issue: HistoryIssue = {
      code: 'orphan-tool-result',
      messageIndex: 0,
      toolCallId: 'x',
      message: 'm',
    };
    expect(errorBodyFor('openai-chat', issue).body).toMatchObject({ error: { param: null } });
  });
});

describe('openAIErrorCodeFor', () => {
  it('gives each rule the code OpenAI uses', () => {
    const codes = issuesOf([
      { role: 'tool', tool_call_id: 'orphan', content: 'x' },
      { role: 'assistant', content: 'x', tool_calls: [] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          call('a'.repeat(41)),
          call('b', {}),
          { id: 'c', type: 'function', function: { name: 'f' } },
          { type: 'function', function: { name: 'f', arguments: '{}' } },
          call('d'),
          call('d'),
        ],
      },
      { role: 'tool', tool_call_id: 'unknown', content: 'x' },
      { role: 'tool', tool_call_id: 'b', content: 'x' },
      { role: 'tool', tool_call_id: 'b', content: 'x' },
      { role: 'tool', tool_call_id: 7, content: 'x' },
      { role: 'tool', content: 'x' },
      { role: 'user', content: 'next' },
    ]).map((issue) => [issue.code, openAIErrorCodeFor(issue)]);
    expect(codes).toEqual([
      ['orphan-tool-result', null],
      ['empty-tool-calls', 'empty_array'],
      ['invalid-tool-call-id', 'string_above_max_length'],
      ['invalid-arguments', 'invalid_type'],
      ['invalid-arguments', 'missing_required_parameter'],
      ['invalid-tool-call-id', 'missing_required_parameter'],
      ['duplicate-tool-call-id', null],
      ['unknown-tool-call-id', null],
      ['duplicate-tool-call-id', null],
      ['unknown-tool-call-id', 'invalid_type'],
      ['unknown-tool-call-id', null],
      ['missing-tool-result', null],
    ]);
  });
});

describe('an empty call id', () => {
  const EMPTY_ID =
    "Invalid 'messages[1].tool_calls[0].id': empty string. Expected a string with minimum length 1, but got an empty string instead.";
  const history = [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: null, tool_calls: [call('')] },
    { role: 'tool', tool_call_id: '', content: 'x' },
  ];
  const body = {
    error: {
      message: EMPTY_ID,
      type: 'invalid_request_error',
      param: 'messages[1].tool_calls[0].id',
      code: 'empty_string',
    },
  };

  it('gets the code empty_string and the 400 body OpenAI sends for an empty call_id', () => {
    const issues = issuesOf(history);
    expect(issues).toEqual([
      {
        code: 'invalid-tool-call-id',
        messageIndex: 1,
        toolCallId: '',
        message: EMPTY_ID,
        param: 'messages[1].tool_calls[0].id',
      },
    ]);
    expect(openAIErrorCodeFor(issues[0])).toBe('empty_string');
    expect(errorBodyFor('openai-chat', issues[0])).toEqual({ status: 400, body });
  });

  it('is the schema error firstReportedIssue picks over an earlier ordering error', () => {
    const issues = issuesOf([
      { role: 'tool', tool_call_id: 'orphan', content: 'x' },
      ...history.slice(1),
    ]);
    expect(issues.map((issue) => issue.code)).toEqual([
      'orphan-tool-result',
      'invalid-tool-call-id',
    ]);
    expect(firstReportedIssue(issues)).toBe(issues[1]);
  });

  it('makes the strict OpenAI server answer 400 with that body', async () => {
    const server = await startStrictOpenAIServer();
    try {
      const reply = await post(`${server.baseURL}/chat/completions`, {
        model: 'gpt-4o-mini',
        messages: history,
      });
      expect([reply.status, reply.contentType, JSON.parse(reply.text)]).toEqual([
        400,
        'application/json',
        body,
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('firstReportedIssue', () => {
  it('prefers a schema error at a later index over an ordering error at an earlier one', () => {
    const issues = issuesOf([
      { role: 'tool', tool_call_id: 'orphan', content: 'x' },
      { role: 'assistant', content: null, tool_calls: [call('a', { city: 'Paris' })] },
      { role: 'tool', tool_call_id: 'a', content: 'x' },
    ]);
    expect(issues.map((issue) => issue.code)).toEqual(['orphan-tool-result', 'invalid-arguments']);
    expect(firstReportedIssue(issues)).toBe(issues[1]);
  });

  it('falls back to the first issue when all are ordering errors', () => {
    const issues = issuesOf([
      { role: 'tool', tool_call_id: 'one', content: 'x' },
      { role: 'tool', tool_call_id: 'two', content: 'x' },
    ]);
    expect(firstReportedIssue(issues)).toBe(issues[0]);
  });
});
