import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';

describe('validateOpenAIChat: legacy function_call', () => {
  it('accepts content: null beside a function_call, as the API reference documents', () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, function_call: { name: 'now', arguments: '{}' } },
      { role: 'function', name: 'now', content: '12:00' },
    ];
    expect(validateOpenAIChat(messages)).toEqual({ ok: true, issues: [] });
  });

  it('still refuses content: null with neither calls nor a function_call', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null },
    ];
    expect(validateOpenAIChat(messages).issues.map((issue) => issue.code)).toEqual([
      'invalid-content',
    ]);
  });
});
