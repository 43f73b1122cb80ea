import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import {
  forgetTakenCallIds,
  noteWrittenMessages,
  takenCallIds,
} from '../../src/aiwrapper/taken-call-ids.js';

const calls = (...ids: string[]): LangMessage =>
  new LangMessage(
    'assistant',
    ids.map((callId) => ({ type: 'tool' as const, callId, name: 'f', arguments: {} })),
  );
const results = (...ids: string[]): LangMessage =>
  new LangMessage(
    'tool-results',
    ids.map((callId) => ({ type: 'tool-result' as const, callId, name: 'f', result: 1 })),
  );

describe('takenCallIds', () => {
  it('holds the ids of every call and result, and no text', () => {
    const messages = new LangMessages('hi');
    messages.push(calls('a', 'b'), results('a', 'b'));
    messages.addAssistantMessage('done');
    expect([...takenCallIds(messages)].sort()).toEqual(['a', 'b']);
  });

  it("picks up messages appended by aiwrapper's own methods and push", () => {
    const messages = new LangMessages('hi');
    takenCallIds(messages);
    messages.addAssistantItems([{ type: 'tool', callId: 'c', name: 'f', arguments: {} }]);
    messages.addToolResultsMessage([{ type: 'tool-result', callId: 'c', name: 'f', result: 1 }]);
    messages.push(calls('d'));
    expect([...takenCallIds(messages)].sort()).toEqual(['c', 'd']);
  });

  it('forgets the ids of a message spliced out before the end', () => {
    const messages = new LangMessages('hi');
    messages.push(calls('gone'), results('gone'), calls('kept'), results('kept'));
    takenCallIds(messages);
    messages.splice(1, 2);
    expect([...takenCallIds(messages)]).toEqual(['kept']);
  });

  it('reads the collection again after it was cut short and grew back', () => {
    const messages = new LangMessages('hi');
    messages.push(calls('a'), results('a'), calls('b'), results('b'));
    takenCallIds(messages);
    messages.length = 1;
    messages.push(calls('x'), results('x'), calls('y'), results('y'));
    expect([...takenCallIds(messages)].sort()).toEqual(['x', 'y']);
  });

  it('sees a message inserted in the middle', () => {
    const messages = new LangMessages('hi');
    messages.push(calls('a'), results('a'), calls('b'), results('b'));
    takenCallIds(messages);
    messages.splice(1, 0, calls('inserted'), results('inserted'));
    expect([...takenCallIds(messages)].sort()).toEqual(['a', 'b', 'inserted']);
  });

  it('sees a new first message', () => {
    const messages = new LangMessages();
    messages.push(calls('a'), results('a'));
    takenCallIds(messages);
    messages.splice(0, 2, calls('b'), results('b'));
    expect([...takenCallIds(messages)]).toEqual(['b']);
  });

  it('reads the last indexed message again, whose items may have grown in place', () => {
    const messages = new LangMessages('hi');
    const turn = calls('a');
    messages.push(turn);
    takenCallIds(messages);
    turn.items.push({ type: 'tool', callId: 'streamed', name: 'f', arguments: {} });
    expect([...takenCallIds(messages)].sort()).toEqual(['a', 'streamed']);
  });

  it('keeps one index per collection', () => {
    const first = new LangMessages([calls('a')]);
    const second = new LangMessages([calls('b')]);
    expect([...takenCallIds(first)]).toEqual(['a']);
    expect([...takenCallIds(second)]).toEqual(['b']);
  });
});

describe('noteWrittenMessages', () => {
  it('indexes a run replaced at the end, so the next call does not have to read it again', () => {
    const messages = new LangMessages('hi');
    messages.push(calls('a'), results('a'));
    takenCallIds(messages);
    messages.splice(2, 1, results('a', 'extra'));
    noteWrittenMessages(messages, 2);
    expect([...takenCallIds(messages)].sort()).toEqual(['a', 'extra']);
  });
});

describe('forgetTakenCallIds', () => {
  it('makes the next call read a collection rewritten in place', () => {
    const messages = new LangMessages('hi');
    messages.push(calls('a'), results('a'), new LangMessage('user', 'next'));
    takenCallIds(messages);
    // A replacement by index keeps the first and last message: only forgetting reveals it.
    messages[1] = calls('b');
    messages[2] = results('b');
    forgetTakenCallIds(messages);
    expect([...takenCallIds(messages)]).toEqual(['b']);
  });
});
