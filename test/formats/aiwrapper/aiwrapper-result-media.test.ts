import { describe, expect, it } from 'vitest';
import { fromAiwrapper } from '../../../src/formats/aiwrapper/from-aiwrapper.js';
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
            {
              type: 'image',
              base64: 'iVBOR',
              mimeType: 'image/png',
              metadata: { toolCallId: 'a' },
            },
            { type: 'image', url: 'https://example.com/b.png', metadata: { toolCallId: 'a' } },
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
    expect(fromAiwrapper(written.messages).messages[1]).toEqual({
      role: 'tool',
      sourceIndex: 1,
      results: [
        {
          callId: 'a',
          name: 'shot',
          content: 'two views',
          parts: [
            { type: 'text', text: 'two views' },
            { type: 'image', mediaType: 'image/png', data: 'iVBOR' },
            { type: 'image', url: 'https://example.com/b.png' },
          ],
          isError: false,
          sourceIndex: 1,
        },
      ],
    });
  });

  it('reads a user message of images as its own unless each image names a result before it', () => {
    const messages = [
      { role: 'assistant', items: [{ type: 'tool', callId: 'a', name: 'shot', arguments: {} }] },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'a', name: 'shot', result: 'ok' }],
      },
      {
        role: 'user',
        items: [
          { type: 'image', base64: 'iVBOR', metadata: { toolCallId: 'a' } },
          { type: 'image', base64: 'R0lGOD', metadata: { toolCallId: 'z' } },
        ],
      },
    ];
    expect(fromAiwrapper(messages).messages.slice(1)).toEqual([
      {
        role: 'tool',
        sourceIndex: 1,
        results: [{ callId: 'a', name: 'shot', content: 'ok', isError: false, sourceIndex: 1 }],
      },
      {
        role: 'user',
        sourceIndex: 2,
        parts: messages[2]?.items.map((value) => ({ type: 'opaque', format: 'aiwrapper', value })),
      },
    ]);
  });

  it('keeps result images that part two tool-results messages as a user message, so repair sees the gap', () => {
    const messages = [
      {
        role: 'assistant',
        items: [
          { type: 'tool', callId: 'a', name: 'shot', arguments: {} },
          { type: 'tool', callId: 'b', name: 'shot', arguments: {} },
        ],
      },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'a', name: 'shot', result: '' }],
      },
      { role: 'user', items: [{ type: 'image', base64: 'iVBOR', metadata: { toolCallId: 'a' } }] },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'b', name: 'shot', result: '' }],
      },
    ];
    expect(fromAiwrapper(messages).messages.map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'user',
      'tool',
    ]);
  });
});
