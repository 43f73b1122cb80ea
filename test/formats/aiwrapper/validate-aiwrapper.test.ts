import { LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { assertValidHistory, validateHistory } from '../../../src/validate/validate-history.js';
import { InvalidHistoryError } from '../../../src/errors/tool-history-error.js';

// The format's validator, through the public entry.
const validateAiwrapper = (messages: readonly unknown[]) =>
  validateHistory(messages, { format: 'aiwrapper' });

const tool = (callId: string): object => ({
  type: 'tool',
  callId,
  name: 'get_weather',
  arguments: {},
});
const result = (callId: string): object => ({
  type: 'tool-result',
  callId,
  name: 'get_weather',
  result: '21C',
});

describe('validateAiwrapper', () => {
  it('accepts a real LangMessages with parallel calls and ids reused across rounds', () => {
    const messages = new LangMessages();
    messages.addUserMessage('weather?');
    messages.addAssistantItems([tool('call_0'), tool('call_1')] as never);
    messages.addToolResultsMessage([result('call_1'), result('call_0')] as never);
    messages.addAssistantItems([tool('call_0')] as never);
    messages.addToolResultsMessage([result('call_0')] as never);
    messages.addAssistantMessage('done');
    expect(validateAiwrapper(messages)).toEqual({ ok: true, issues: [] });
  });

  it('reports unanswered calls, orphan results and a repeated result', () => {
    const messages = [
      { role: 'tool-results', items: [result('call_9')] },
      { role: 'user', items: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', items: [tool('call_0'), tool('call_1')] },
      { role: 'tool-results', items: [result('call_0'), result('call_0')] },
      { role: 'user', items: [{ type: 'text', text: 'next' }] },
    ];
    expect(validateAiwrapper(messages)).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 0,
          partIndex: 0,
          toolCallId: 'call_9',
          message:
            'Tool result at messages[0].items[0] answers call "call_9", which the call turn right before it does not make. Add the call first, or drop the result.',
        },
        {
          code: 'missing-tool-result',
          messageIndex: 2,
          toolCallIds: ['call_1'],
          message:
            'The assistant message at messages[2] calls "call_1", but no tool-results message right after it answers it. Add the results, or a placeholder result, before the next message.',
        },
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 3,
          partIndex: 1,
          toolCallId: 'call_0',
          message:
            'Tool result at messages[3].items[1] answers call "call_0" a second time (first at messages[3].items[0]). Drop one of them.',
        },
      ],
    });
  });

  it('reports a call with an empty id at its message and item, and still pairs its result', () => {
    const messages = [
      { role: 'user', items: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', items: [{ type: 'text', text: 'checking' }, tool('call_0'), tool('')] },
      { role: 'tool-results', items: [result(''), result('call_0')] },
    ];
    expect(validateAiwrapper(messages)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 2,
          toolCallId: '',
          message:
            'The call at messages[1].items[2] has an empty id, which no provider accepts and no result can name. Give it an id.',
        },
      ],
    });
  });

  it('lists empty-id issues in message order among the pairing issues', () => {
    const messages = [
      { role: 'user', items: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', items: [tool('')] },
      { role: 'tool-results', items: [result('')] },
      { role: 'assistant', items: [tool('call_1')] },
      { role: 'user', items: [{ type: 'text', text: 'next' }] },
      { role: 'assistant', items: [tool('')] },
      { role: 'tool-results', items: [result(''), result('call_9')] },
    ];
    expect(validateAiwrapper(messages)).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 0,
          toolCallId: '',
          message:
            'The call at messages[1].items[0] has an empty id, which no provider accepts and no result can name. Give it an id.',
        },
        {
          code: 'missing-tool-result',
          messageIndex: 3,
          toolCallIds: ['call_1'],
          message:
            'The assistant message at messages[3] calls "call_1", but no tool-results message right after it answers it. Add the results, or a placeholder result, before the next message.',
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 5,
          partIndex: 0,
          toolCallId: '',
          message:
            'The call at messages[5].items[0] has an empty id, which no provider accepts and no result can name. Give it an id.',
        },
        {
          code: 'orphan-tool-result',
          messageIndex: 6,
          partIndex: 1,
          toolCallId: 'call_9',
          message:
            'Tool result at messages[6].items[1] answers call "call_9", which the call turn right before it does not make. Add the call first, or drop the result.',
        },
      ],
    });
  });

  it('throws invalid-input for a message without items', () => {
    expect(() => validateAiwrapper([{ role: 'user', content: 'hi' }])).toThrow(
      'messages[0].items is undefined, but must be an array of items.',
    );
  });
});

describe('assertValidHistory (aiwrapper)', () => {
  it('throws InvalidHistoryError listing the issues', () => {
    expect(() => {
      assertValidHistory([{ role: 'assistant', items: [tool('a')] }], { format: 'aiwrapper' });
    }).toThrow(
      new InvalidHistoryError([
        {
          code: 'missing-tool-result',
          messageIndex: 0,
          toolCallIds: ['a'],
          message:
            'The assistant message at messages[0] calls "a", but no tool-results message right after it answers it. Add the results, or a placeholder result, before the next message.',
        },
      ]),
    );
  });
});
