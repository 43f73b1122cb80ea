import { describe, expect, it } from 'vitest';
import { assertValidHistory, validateHistory } from '../../../src/validate/validate-history.js';
import { InvalidHistoryError } from '../../../src/errors/tool-history-error.js';

// The format's validator, through the public entry.
const validateVercel = (messages: readonly unknown[]) =>
  validateHistory(messages, { format: 'vercel' });

const toolCall = (id: string, extra: object = {}): object => ({
  type: 'tool-call',
  toolCallId: id,
  toolName: 'get_weather',
  input: {},
  ...extra,
});
const toolResult = (id: string): object => ({
  type: 'tool-result',
  toolCallId: id,
  toolName: 'get_weather',
  output: { type: 'text', value: '21C' },
});
const user = { role: 'user', content: 'go' };

describe('validateVercel', () => {
  it('accepts parallel calls, results split over tool messages, ids reused across rounds, provider-executed calls', () => {
    const messages = [
      { role: 'system', content: 'be brief' },
      user,
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'checking' },
          toolCall('call_0'),
          toolCall('call_1'),
          toolCall('ws_1', { providerExecuted: true }),
          toolResult('ws_1'),
        ],
      },
      { role: 'tool', content: [toolResult('call_1')] },
      {
        role: 'tool',
        content: [
          toolResult('call_0'),
          { type: 'tool-approval-response', approvalId: 'x', approved: true },
        ],
      },
      { role: 'assistant', content: [toolCall('call_0')] },
      { role: 'tool', content: [toolResult('call_0')] },
      { role: 'assistant', content: 'done' },
    ];
    expect(validateVercel(messages)).toEqual({ ok: true, issues: [] });
  });

  it("reports unanswered calls in the AI SDK's own words, and orphan, misplaced and duplicate results", () => {
    const messages = [
      { role: 'tool', content: [toolResult('call_9')] },
      user,
      { role: 'assistant', content: [toolCall('call_0'), toolCall('call_1')] },
      { role: 'tool', content: [toolResult('call_0'), toolResult('call_0')] },
      { role: 'assistant', content: 'hm' },
      { role: 'tool', content: [toolResult('call_1')] },
    ];
    expect(validateVercel(messages)).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 0,
          partIndex: 0,
          toolCallId: 'call_9',
          message:
            'Tool result at messages[0].content[0] answers call "call_9", which the call turn right before it does not make. Add the call first, or drop the result.',
        },
        {
          code: 'missing-tool-result',
          messageIndex: 2,
          toolCallIds: ['call_1'],
          message: 'Tool result is missing for tool call call_1.',
        },
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 3,
          partIndex: 1,
          toolCallId: 'call_0',
          message:
            'Tool result at messages[3].content[1] answers call "call_0" a second time (first at messages[3].content[0]). Drop one of them.',
        },
        {
          code: 'misplaced-tool-result',
          messageIndex: 5,
          partIndex: 0,
          toolCallId: 'call_1',
          callMessageIndex: 2,
          message:
            'Tool result at messages[5].content[0] answers call "call_1" made at messages[2].content[1], but other messages come between them. Move the result right after its call turn.',
        },
      ],
    });
    expect(
      validateVercel([user, { role: 'assistant', content: [toolCall('a'), toolCall('b')] }]).issues,
    ).toEqual([
      {
        code: 'missing-tool-result',
        messageIndex: 1,
        toolCallIds: ['a', 'b'],
        message: 'Tool results are missing for tool calls a, b.',
      },
    ]);
  });

  it('reports two calls with one id in a turn', () => {
    expect(
      validateVercel([
        user,
        { role: 'assistant', content: [toolCall('x'), toolCall('x')] },
        { role: 'tool', content: [toolResult('x'), toolResult('x')] },
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 1,
          partIndex: 1,
          toolCallId: 'x',
          message:
            'Call id "x" at messages[1].content[1] repeats messages[1].content[0] in the same turn, so results cannot tell the calls apart. Give each call its own id.',
        },
      ],
    });
  });

  it('reports a call with an empty id at its message and part, and still pairs its result', () => {
    const messages = [
      user,
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'checking' }, toolCall('call_0'), toolCall('')],
      },
      { role: 'tool', content: [toolResult(''), toolResult('call_0')] },
    ];
    expect(validateVercel(messages)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 2,
          toolCallId: '',
          message:
            'The call at messages[1].content[2] has an empty id, which no provider accepts and no result can name. Give it an id.',
        },
      ],
    });
  });

  it('lists empty-id issues in message order among the pairing issues, and skips provider-executed calls', () => {
    const messages = [
      user,
      { role: 'assistant', content: [toolCall('')] },
      { role: 'tool', content: [toolResult('')] },
      { role: 'assistant', content: [toolCall('call_1')] },
      user,
      { role: 'assistant', content: [toolCall('', { providerExecuted: true }), toolCall('')] },
      { role: 'tool', content: [toolResult(''), toolResult('call_9')] },
    ];
    expect(validateVercel(messages)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 0,
          toolCallId: '',
          message:
            'The call at messages[1].content[0] has an empty id, which no provider accepts and no result can name. Give it an id.',
        },
        {
          code: 'missing-tool-result',
          messageIndex: 3,
          toolCallIds: ['call_1'],
          message: 'Tool result is missing for tool call call_1.',
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 5,
          partIndex: 1,
          toolCallId: '',
          message:
            'The call at messages[5].content[1] has an empty id, which no provider accepts and no result can name. Give it an id.',
        },
        {
          code: 'orphan-tool-result',
          messageIndex: 6,
          partIndex: 1,
          toolCallId: 'call_9',
          message:
            'Tool result at messages[6].content[1] answers call "call_9", which the call turn right before it does not make. Add the call first, or drop the result.',
        },
      ],
    });
  });

  it('throws invalid-input for a tool message whose content is not an array, or an unknown role', () => {
    expect(() => validateVercel([{ role: 'tool', content: 'x' }])).toThrow(
      'messages[0].content is the string "x", but must be an array of tool-result parts.',
    );
    expect(() => validateVercel([{ role: 'function', content: 'x' }])).toThrow(
      `messages[0].role is the string "function", but must be 'system', 'user', 'assistant' or 'tool'.`,
    );
  });
});

describe('assertValidHistory (vercel)', () => {
  it('throws InvalidHistoryError listing the issues', () => {
    expect(() => {
      assertValidHistory([{ role: 'assistant', content: [toolCall('a')] }], { format: 'vercel' });
    }).toThrow(
      new InvalidHistoryError([
        {
          code: 'missing-tool-result',
          messageIndex: 0,
          toolCallIds: ['a'],
          message: 'Tool result is missing for tool call a.',
        },
      ]),
    );
  });
});
