import { describe, expect, it } from 'vitest';
import { convertHistory } from '../../../src/convert/convert-history.js';
import { fromOpenAIChat } from '../../../src/formats/openai-chat/from-openai-chat.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';

const user = { type: 'message', role: 'user', content: 'plot it' } as const;
const call = { type: 'function_call', call_id: 'call_1', name: 'plot', arguments: '{}' } as const;

describe('Chat: results with images', () => {
  it('writes the images of Responses results into a user message after the tool messages', () => {
    const output = [
      { type: 'input_image', image_url: 'data:image/png;base64,iVBO' },
      { type: 'input_file', file_id: 'file_1', filename: 'r.pdf' },
      { type: 'input_image', file_id: 'file_2' },
    ];
    const input = [user, call, { type: 'function_call_output', call_id: 'call_1', output }];
    const { messages, warnings } = convertHistory(input, {
      from: 'openai-responses',
      to: 'openai-chat',
    });
    expect(messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: '(attachments in the next user message)' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Attachments of the result of tool call call_1:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBO' } },
          { type: 'file', file: { file_id: 'file_1', filename: 'r.pdf' } },
        ],
      },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      ['dropped-content', 'OpenAI Chat cannot hold the fileId of a result image; it was left out.'],
      [
        'reordered-parts',
        'OpenAI Chat takes images and files only in user messages; those of the results were moved into a user message after them.',
      ],
    ]);
    expect(validateOpenAIChat(messages)).toEqual({ ok: true, issues: [] });
  });

  it('reads a tool message with an image (which OpenAI refuses) instead of throwing', () => {
    const messages = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'shot', arguments: '{}' } }],
      },
      {
        role: 'tool',
        tool_call_id: 'c',
        content: [
          { type: 'text', text: 'screen' },
          { type: 'image_url', image_url: { url: 'https://x/a.png' } },
        ],
      },
    ];
    expect(validateOpenAIChat(messages).issues.map((issue) => issue.code)).toEqual([
      'invalid-content',
    ]);
    expect(fromOpenAIChat(messages).messages[2]).toEqual({
      role: 'tool',
      sourceIndex: 2,
      results: [
        {
          callId: 'c',
          name: 'shot',
          content: 'screen',
          parts: [
            { type: 'text', text: 'screen' },
            { type: 'image', url: 'https://x/a.png' },
          ],
          isError: false,
          sourceIndex: 2,
        },
      ],
    });
  });

  it('repair moves the images of tool messages into a user message after their run', () => {
    const image = { type: 'image_url', image_url: { url: 'https://x/a.png' } };
    const calls = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'shot', arguments: '{}' } },
        { id: 'b', type: 'function', function: { name: 'shot', arguments: '{}' } },
      ],
    };
    const first = { role: 'tool', tool_call_id: 'a', content: [image] };
    const second = { role: 'tool', tool_call_id: 'b', content: 'no screen' };
    const next = { role: 'user', content: 'next' };
    const input = [{ role: 'user', content: 'go' }, calls, first, second, next];
    const repaired = repairHistory(input, { format: 'openai-chat' });
    expect(repaired).toEqual({
      messages: [
        input[0],
        calls,
        { role: 'tool', tool_call_id: 'a', content: '(attachments in the next user message)' },
        second,
        {
          role: 'user',
          content: [{ type: 'text', text: 'Attachments of the result of tool call a:' }, image],
        },
        next,
      ],
      fixes: [
        {
          kind: 'moved-media',
          messageIndex: 2,
          callId: 'a',
          message:
            'The tool message at messages[2] held images or files, which OpenAI takes only in user messages; they were moved into a user message after the run of tool messages.',
        },
      ],
      warnings: [],
    });
    expect(repaired.messages[3]).toBe(second);
    expect(validateOpenAIChat(repaired.messages)).toEqual({ ok: true, issues: [] });
    expect(repairHistory(repaired.messages, { format: 'openai-chat' }).fixes).toEqual([]);
  });
});
