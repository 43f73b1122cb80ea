import { describe, expect, it } from 'vitest';
import { toAiwrapper } from '../../../src/formats/aiwrapper/to-aiwrapper.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

describe('toAiwrapper: results with media', () => {
  it('writes a result’s images as a user message after the results and names the rest', () => {
    const written = toAiwrapper([
      {
        role: 'assistant',
        parts: [{ type: 'tool-call', callId: 'a', name: 'shot', arguments: {} }],
      },
      {
        role: 'tool',
        results: [
          {
            callId: 'a',
            name: 'shot',
            content: 'two views',
            parts: [
              { type: 'text', text: 'two views' },
              { type: 'image', mediaType: 'image/png', data: 'iVBOR' },
              { type: 'image', url: 'https://example.com/b.png' },
              { type: 'document', mediaType: 'application/pdf', data: 'JVBER' },
            ],
            isError: false,
          },
        ],
      },
    ]);
    expect(written).toEqual({
      instructions: undefined,
      messages: [
        { role: 'assistant', items: [{ type: 'tool', callId: 'a', name: 'shot', arguments: {} }] },
        {
          role: 'tool-results',
          items: [{ type: 'tool-result', callId: 'a', name: 'shot', result: 'two views' }],
        },
        {
          role: 'user',
          items: [
            { type: 'image', base64: 'iVBOR', mimeType: 'image/png' },
            { type: 'image', url: 'https://example.com/b.png' },
          ],
        },
      ],
      warnings: [
        {
          code: 'dropped-content',
          messageIndex: 1,
          callId: 'a',
          message:
            'aiwrapper messages hold images only (as base64 or a URL); a document of the result for "a" (application/pdf) was left out.',
        },
      ],
    });
    expect(validateHistory(written.messages, { format: 'aiwrapper' })).toEqual({
      ok: true,
      issues: [],
    });
  });
});
