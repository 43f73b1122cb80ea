import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import {
  pendingToolCalls,
  recordStart,
  writeResult,
} from '../../../src/aiwrapper/loop/pending-tool-calls.js';
import { META_KEYS } from '../../../src/aiwrapper/index.js';
import type { ToolOutcome } from '../../../src/aiwrapper/loop/tool-outcome.js';

function callTurn(...ids: string[]): LangMessage {
  return new LangMessage(
    'assistant',
    ids.map((callId) => ({ type: 'tool' as const, callId, name: 'tool', arguments: {} })),
  );
}

function outcome(callId: string, status: ToolOutcome['status'] = 'ok'): ToolOutcome {
  return { callId, name: 'tool', status, result: { of: callId } };
}

function resultIds(message: LangMessage | undefined): string[] {
  return (message?.items ?? []).map((item) => (item.type === 'tool-result' ? item.callId : '?'));
}

describe('writeResult', () => {
  it('keeps results in call order whatever order they are written in', () => {
    for (const order of [
      ['a', 'b', 'c', 'd'],
      ['d', 'c', 'b', 'a'],
      ['b', 'd', 'a', 'c'],
      ['c', 'a', 'd', 'b'],
    ]) {
      const messages = new LangMessages([
        new LangMessage('user', 'go'),
        callTurn('a', 'b', 'c', 'd'),
      ]);
      for (const id of order) writeResult(messages, 1, outcome(id));
      expect(messages).toHaveLength(3);
      expect(resultIds(messages[2])).toEqual(['a', 'b', 'c', 'd']);
    }
  });

  it('writes results in aiwrapper’s own item shape, marking only the calls that did not succeed', () => {
    const messages = new LangMessages([callTurn('a', 'b')]);
    writeResult(messages, 0, outcome('a'));
    writeResult(messages, 0, outcome('b', 'timeout'));
    const [ok, failed] = messages[1]?.items ?? [];
    expect(Object.keys(ok ?? {})).toEqual(['type', 'name', 'callId', 'result']);
    expect(failed).toEqual({
      type: 'tool-result',
      name: 'tool',
      callId: 'b',
      result: { of: 'b' },
      isError: true,
    });
    // A round trip through JSON keeps the mark, so a resumed run still flags the result.
    const reloaded = new LangMessages(JSON.parse(JSON.stringify(messages)) as LangMessage[]);
    expect(reloaded[1]?.items).toEqual(messages[1]?.items);
  });
});

describe('pendingToolCalls', () => {
  it('lists the unanswered calls of the last turn, with the starts recorded on it', () => {
    const turn = callTurn('a', 'b', 'c');
    const messages = new LangMessages([new LangMessage('user', 'go'), turn]);
    recordStart(turn, 'a');
    recordStart(turn, 'c');
    writeResult(messages, 1, outcome('a'));
    const pending = pendingToolCalls(messages);
    expect(pending?.messageIndex).toBe(1);
    expect(pending?.calls.map((call) => call.callId)).toEqual(['b', 'c']);
    expect([...(pending?.started ?? [])]).toEqual(['a', 'c']);
    expect(turn.meta?.[META_KEYS.started]).toEqual(['a', 'c']);
  });

  it('finds none once every call is answered, after a user message, or in an empty history', () => {
    const answered = new LangMessages([callTurn('a')]);
    writeResult(answered, 0, outcome('a'));
    expect(pendingToolCalls(answered)).toBeUndefined();
    expect(
      pendingToolCalls(new LangMessages([callTurn('a'), new LangMessage('user', 'hi')])),
    ).toBeUndefined();
    expect(pendingToolCalls(new LangMessages())).toBeUndefined();
  });

  it('refuses a start marker that is not a list of the turn’s call ids, with its index', () => {
    for (const marker of ['a', ['a', 7, null], ['a', 'z'], {}]) {
      const turn = new LangMessage('assistant', callTurn('a').items, {
        [META_KEYS.started]: marker,
      });
      expect(() => pendingToolCalls([new LangMessage('user', 'go'), turn])).toThrow(
        expect.objectContaining({
          name: 'InvalidHistoryError',
          issues: [expect.objectContaining({ code: 'invalid-content', messageIndex: 1 })],
        }),
      );
    }
  });
});
