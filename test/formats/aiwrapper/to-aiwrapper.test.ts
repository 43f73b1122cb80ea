import { describe, expect, it } from 'vitest';
import { fromAiwrapper } from '../../../src/formats/aiwrapper/from-aiwrapper.js';
import { toAiwrapper } from '../../../src/formats/aiwrapper/to-aiwrapper.js';

describe('toAiwrapper', () => {
  it('writes tool items and tool-results messages, moving system text to instructions and warning on error flags', () => {
    expect(
      toAiwrapper([
        { role: 'system', text: 'be brief' },
        {
          role: 'assistant',
          parts: [{ type: 'tool-call', callId: 'a', name: 'now', arguments: {} }],
        },
        {
          role: 'tool',
          results: [{ callId: 'a', name: 'now', content: { error: 'down' }, isError: true }],
        },
      ]),
    ).toEqual({
      instructions: 'be brief',
      messages: [
        { role: 'assistant', items: [{ type: 'tool', callId: 'a', name: 'now', arguments: {} }] },
        {
          role: 'tool-results',
          items: [{ type: 'tool-result', callId: 'a', name: 'now', result: { error: 'down' } }],
        },
      ],
      warnings: [
        {
          code: 'dropped-error-flag',
          messageIndex: 2,
          callId: 'a',
          message: expect.stringContaining('no error flag'),
        },
      ],
    });
  });
});

describe('fromAiwrapper', () => {
  it('keeps meta in providerData and other items opaque', () => {
    expect(
      fromAiwrapper([
        {
          role: 'user',
          items: [
            { type: 'text', text: 'hi' },
            { type: 'image', url: 'u' },
          ],
          meta: { id: 1 },
        },
      ]),
    ).toEqual({
      messages: [
        {
          role: 'user',
          sourceIndex: 0,
          providerData: { aiwrapper: { meta: { id: 1 } } },
          parts: [
            { type: 'text', text: 'hi' },
            { type: 'opaque', format: 'aiwrapper', value: { type: 'image', url: 'u' } },
          ],
        },
      ],
      warnings: [],
    });
  });
});
