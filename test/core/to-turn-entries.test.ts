import { describe, expect, it } from 'vitest';
import { pairToolTurns } from '../../src/core/pair-tool-turns.js';
import { toTurnEntries } from '../../src/core/pair-tool-turns.js';

describe('toTurnEntries', () => {
  it('maps messages one to one, so pairing indexes are message indexes', () => {
    const entries = toTurnEntries([
      { role: 'user', parts: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'ok' },
          { type: 'tool-call', callId: 'a', name: 'f', arguments: {} },
        ],
      },
      { role: 'tool', results: [{ callId: 'a', name: 'f', content: '1', isError: false }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'done' }] },
    ]);
    expect(entries).toEqual([
      { kind: 'other' },
      { kind: 'calls', callIds: ['a'] },
      { kind: 'results', callIds: ['a'] },
      { kind: 'other' },
    ]);
    expect(pairToolTurns(entries)).toEqual({
      results: [{ entryIndex: 2, position: 0, callId: 'a', call: { entryIndex: 1, position: 0 } }],
      unanswered: [],
    });
  });
});
