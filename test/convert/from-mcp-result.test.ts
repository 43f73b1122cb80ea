import { describe, expect, it } from 'vitest';
import { fromMcpResult } from '../../src/convert/from-mcp-result.js';
import { isToolHistoryError } from '../../src/errors/tool-history-error.js';

const failed = {
  content: [{ type: 'text', text: 'disk full' }],
  isError: true,
};
const options = { callId: 'call_1', name: 'save' } as const;

describe('fromMcpResult', () => {
  it('turns isError into Anthropic is_error', () => {
    expect(fromMcpResult(failed, { ...options, format: 'anthropic' })).toEqual({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: 'disk full', is_error: true },
          ],
        },
      ],
      warnings: [],
      system: undefined,
    });
  });

  it("turns isError into Bedrock status: 'error'", () => {
    expect(fromMcpResult(failed, { ...options, format: 'bedrock' }).messages).toEqual([
      {
        role: 'user',
        content: [
          {
            toolResult: { toolUseId: 'call_1', content: [{ text: 'disk full' }], status: 'error' },
          },
        ],
      },
    ]);
  });

  it('turns isError into a Gemini error response and a Vercel error-text output', () => {
    expect(fromMcpResult(failed, { ...options, format: 'gemini' }).messages).toEqual([
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'call_1', name: 'save', response: { error: 'disk full' } } },
        ],
      },
    ]);
    expect(fromMcpResult(failed, { ...options, format: 'vercel' }).messages).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'save',
            output: { type: 'error-text', value: 'disk full' },
          },
        ],
      },
    ]);
  });

  it('says Chat and Responses have no error flag in a warning', () => {
    expect(fromMcpResult(failed, { ...options, format: 'openai-chat' })).toEqual({
      messages: [{ role: 'tool', tool_call_id: 'call_1', content: 'disk full' }],
      warnings: [
        {
          code: 'dropped-error-flag',
          messageIndex: 0,
          callId: 'call_1',
          message:
            'OpenAI Chat tool messages have no error flag; the result for "call_1" is sent as a plain result.',
        },
      ],
    });
    expect(
      fromMcpResult(failed, { ...options, format: 'openai-responses' }).warnings.map((w) => w.code),
    ).toEqual(['dropped-error-flag']);
  });

  it('writes images, blob resources and web links as Gemini media, and structuredContent as the response when no text says it', () => {
    const result = {
      content: [
        { type: 'image', data: 'iVBOR', mimeType: 'image/png', annotations: { priority: 1 } },
        {
          type: 'resource',
          resource: { uri: 'file:///tmp/r.pdf', mimeType: 'application/pdf', blob: 'JVBER' },
        },
        {
          type: 'resource_link',
          uri: 'https://example.com/a.png',
          name: 'a.png',
          mimeType: 'image/png',
        },
      ],
      structuredContent: { width: 4 },
      _meta: { trace: 'x' },
    };
    expect(fromMcpResult(result, { ...options, format: 'gemini' })).toEqual({
      messages: [
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'call_1',
                name: 'save',
                response: { width: 4 },
                parts: [
                  { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
                  {
                    inlineData: {
                      mimeType: 'application/pdf',
                      data: 'JVBER',
                      displayName: 'r.pdf',
                    },
                  },
                  {
                    fileData: {
                      mimeType: 'image/png',
                      fileUri: 'https://example.com/a.png',
                      displayName: 'a.png',
                    },
                  },
                ],
              },
            },
          ],
        },
      ],
      warnings: [],
      systemInstruction: undefined,
    });
  });

  it('joins text blocks and text resources, and keeps a non-web resource link as text', () => {
    const result = {
      content: [
        { type: 'text', text: 'saved' },
        { type: 'resource', resource: { uri: 'mem://n', text: 'note body' } },
        { type: 'resource_link', uri: 'file:///tmp/out.txt', name: 'out.txt' },
      ],
    };
    expect(fromMcpResult(result, { ...options, format: 'aiwrapper' }).messages).toEqual([
      {
        role: 'tool-results',
        items: [
          {
            type: 'tool-result',
            callId: 'call_1',
            name: 'save',
            result: 'saved\nnote body\nout.txt: file:///tmp/out.txt',
          },
        ],
      },
    ]);
  });

  it('reads a result without content as empty', () => {
    expect(fromMcpResult({}, { ...options, format: 'openai-chat' }).messages).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: '' },
    ]);
  });

  it('refuses what is not a CallToolResult, naming the call and the field', () => {
    const attempt = (): unknown =>
      fromMcpResult(
        { content: [{ type: 'image', data: 'iVBOR' }] },
        { ...options, format: 'anthropic' },
      );
    expect(attempt).toThrow(/fromMcpResult for call "call_1": result\.content\.0\.mimeType: /);
    try {
      attempt();
    } catch (error) {
      expect(isToolHistoryError(error) && error.code).toBe('invalid-input');
    }
  });
});
