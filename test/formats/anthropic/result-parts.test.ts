import { describe, expect, it } from 'vitest';
import { fromAnthropic } from '../../../src/formats/anthropic/from-anthropic.js';
import { convertHistory } from '../../../src/convert/convert-history.js';

const image = {
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' },
};
const pdf = {
  type: 'document',
  source: { type: 'url', url: 'https://example.com/a.pdf' },
  title: 'Report',
};
const messages = [
  { role: 'user', content: 'Chart it' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'chart', input: {} }] },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [{ type: 'text', text: 'Here' }, image, pdf],
      },
    ],
  },
];

describe('tool_result images and documents', () => {
  it('reads them into ToolResult.parts, block extras kept per piece', () => {
    const [, , tool] = fromAnthropic(messages).messages;
    expect(tool).toEqual({
      role: 'tool',
      sourceIndex: 2,
      results: [
        {
          callId: 'toolu_1',
          name: 'chart',
          content: 'Here',
          parts: [
            { type: 'text', text: 'Here' },
            { type: 'image', mediaType: 'image/png', data: 'iVBORw0K' },
            {
              type: 'document',
              url: 'https://example.com/a.pdf',
              filename: 'Report',
            },
          ],
          isError: false,
          sourceIndex: 2,
        },
      ],
    });
  });

  it('writes them to Bedrock, naming what Bedrock cannot hold in a warning', () => {
    const { messages: written, warnings } = convertHistory(messages, {
      from: 'anthropic',
      to: 'bedrock',
    });
    expect(written[2]).toEqual({
      role: 'user',
      content: [
        {
          toolResult: {
            toolUseId: 'toolu_1',
            content: [
              { text: 'Here' },
              { image: { format: 'png', source: { bytes: 'iVBORw0K' } } },
            ],
          },
        },
      ],
    });
    expect(warnings).toEqual([
      {
        code: 'dropped-content',
        messageIndex: 2,
        callId: 'toolu_1',
        message:
          'Bedrock toolResult blocks cannot hold piece 2 (document): Bedrock takes PNG, JPEG, GIF or WebP images and PDF, CSV, Word, Excel, HTML, text or Markdown documents, as bytes or an s3:// location; the result of "toolu_1" was written without it.',
      },
    ]);
  });

  it('reads Bedrock image, document and json blocks and writes them back to Anthropic', () => {
    const bedrock = [
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'scan', input: {} } }] },
      {
        role: 'user',
        content: [
          {
            toolResult: {
              toolUseId: 't1',
              content: [
                { json: { pages: 2 } },
                { document: { format: 'pdf', name: 'scan', source: { bytes: 'JVBERi0x' } } },
              ],
            },
          },
        ],
      },
    ];
    const { messages: written, warnings } = convertHistory(bedrock, {
      from: 'bedrock',
      to: 'anthropic',
    });
    expect(written[1]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 't1',
          content: [
            { type: 'text', text: '{"pages":2}' },
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0x' },
              // Bedrock's document name is Anthropic's document title.
              title: 'scan',
            },
          ],
        },
      ],
    });
    expect(warnings).toEqual([]);
  });
});
