import { describe, expect, it } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import { fromGemini } from '../../../src/formats/gemini/from-gemini.js';
import { toGemini } from '../../../src/formats/gemini/to-gemini.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';

const call = {
  role: 'model',
  parts: [{ functionCall: { id: 'c1', name: 'shot', args: {} }, thoughtSignature: 'sig' }],
};

describe('fromGemini: functionResponse.parts', () => {
  it('reads inline and file media into result parts, keeping scheduling and willContinue as extras', () => {
    const response = {
      id: 'c1',
      name: 'shot',
      response: { output: 'taken' },
      parts: [
        { inlineData: { mimeType: 'image/png', data: 'iVBORw0' } },
        {
          file_data: {
            mime_type: 'application/pdf',
            file_uri: 'gs://b/r.pdf',
            display_name: 'r.pdf',
          },
        },
      ],
      scheduling: 'SILENT',
      willContinue: true,
    };
    const { messages, warnings } = fromGemini([
      call,
      { role: 'user', parts: [{ functionResponse: response }] },
    ]);
    expect(warnings).toEqual([]);
    expect(messages[1]).toEqual({
      role: 'tool',
      sourceIndex: 1,
      results: [
        {
          callId: 'c1',
          name: 'shot',
          content: 'taken',
          parts: [
            { type: 'text', text: 'taken' },
            { type: 'image', mediaType: 'image/png', data: 'iVBORw0' },
            {
              type: 'document',
              mediaType: 'application/pdf',
              url: 'gs://b/r.pdf',
              filename: 'r.pdf',
            },
          ],
          isError: false,
          sourceIndex: 1,
          providerData: {
            gemini: { functionResponse: { scheduling: 'SILENT', willContinue: true } },
          },
        },
      ],
    });
    const written = toGemini(messages);
    expect(written.warnings).toEqual([]);
    expect(written.messages[1]).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            scheduling: 'SILENT',
            willContinue: true,
            id: 'c1',
            name: 'shot',
            response: { output: 'taken' },
            parts: [
              { inlineData: { mimeType: 'image/png', data: 'iVBORw0' } },
              {
                fileData: {
                  mimeType: 'application/pdf',
                  fileUri: 'gs://b/r.pdf',
                  displayName: 'r.pdf',
                },
              },
            ],
          },
        },
      ],
    });
  });

  it('keeps parts it does not know whole as an extra, written back as read', () => {
    const parts = [{ inlineData: { mimeType: 'video/mp4', data: 'AAAA', videoMetadata: {} } }];
    const contents = [
      call,
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'c1', name: 'shot', response: {}, parts } }],
      },
    ];
    const { messages } = fromGemini(contents);
    expect(messages[1]).toMatchObject({
      results: [{ content: {}, providerData: { gemini: { functionResponse: { parts } } } }],
    });
    expect(toGemini(messages).messages).toEqual(contents);
  });
});

describe('toGemini: result parts from another format', () => {
  const history: ToolHistory = [
    {
      role: 'assistant',
      parts: [{ type: 'tool-call', callId: 'c1', name: 'shot', arguments: {} }],
    },
    {
      role: 'tool',
      results: [
        {
          callId: 'c1',
          name: 'shot',
          content: 'see image',
          parts: [
            {
              type: 'image',
              mediaType: 'image/png',
              data: 'iVBOR',
              providerData: { anthropic: { cache_control: { type: 'ephemeral' } } },
            },
            { type: 'text', text: 'see image' },
            { type: 'json', value: { width: 4 } },
            { type: 'document', fileId: 'file-9' },
          ],
          isError: true,
        },
      ],
    },
  ];

  it('writes the media it can hold and names every piece it leaves out', () => {
    const { messages, warnings } = toGemini(history, { missingThoughtSignature: 'omit' });
    expect(messages[1]).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'c1',
            name: 'shot',
            response: { error: 'see image' },
            parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBOR' } }],
          },
        },
      ],
    });
    expect(warnings).toEqual([
      {
        code: 'dropped-provider-data',
        messageIndex: 1,
        callId: 'c1',
        message: 'gemini cannot carry anthropic extras (cache_control); they were left out.',
      },
      {
        code: 'dropped-content',
        messageIndex: 1,
        callId: 'c1',
        message:
          'Gemini functionResponse parts cannot hold a JSON piece beside text (the response holds the text); the result of "c1" was written without it.',
      },
      {
        code: 'dropped-content',
        messageIndex: 1,
        callId: 'c1',
        message:
          'Gemini functionResponse parts cannot hold a document known only by file id "file-9"; the result of "c1" was written without it.',
      },
    ]);
  });
});

describe('Gemini before 3: media in a function response', () => {
  const response = {
    id: 'c1',
    name: 'shot',
    response: { output: 'taken' },
    parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0' } }],
  };
  const contents = [
    { role: 'user', parts: [{ text: 'look' }] },
    call,
    { role: 'user', parts: [{ functionResponse: response }] },
  ];

  it('is refused for a Gemini 2.5 model in Google’s words, and accepted for Gemini 3 or no model', () => {
    expect(validateHistory(contents, { format: 'gemini', model: 'gemini-2.5-pro' })).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-content',
          messageIndex: 2,
          partIndex: 0,
          param: 'contents[2].parts[0].function_response.parts',
          message:
            'Unable to submit request because `function_response.parts` is not supported for this model. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling',
        },
      ],
    });
    for (const model of ['gemini-3-flash-preview', undefined])
      expect(validateHistory(contents, { format: 'gemini', model }).ok).toBe(true);
  });

  it('repair moves the media into a user content after the response turn, leaving the rest untouched', () => {
    const { messages, fixes, warnings } = repairHistory(contents, {
      format: 'gemini',
      model: 'gemini-2.5-pro',
    });
    const withoutMedia = { id: 'c1', name: 'shot', response: { output: 'taken' } };
    expect(messages).toEqual([
      contents[0],
      call,
      { role: 'user', parts: [{ functionResponse: withoutMedia }] },
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0' } }] },
    ]);
    expect(messages[0]).toBe(contents[0]);
    expect(messages[1]).toBe(call);
    expect(fixes).toEqual([
      {
        kind: 'moved-result-media',
        messageIndex: 3,
        partIndex: 0,
        callId: 'c1',
        fromIndex: 2,
        fromPartIndex: 0,
        message:
          'The media of the functionResponse at contents[2].parts[0] moved to a user content after it: this model refuses it in the response ("Unable to submit request because `function_response.parts` is not supported for this model. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling").',
      },
    ]);
    expect(warnings).toEqual([]);
  });
});
