import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { expectTypeOf, test } from 'vitest';
import { convertHistory } from '../../src/convert/convert-history.js';

test('convertHistory returns the target format the caller named', () => {
  expectTypeOf(convertHistory([], { from: 'gemini', to: 'openai-chat' }).messages).toExtend<
    ChatCompletionMessageParam[]
  >();
  const anthropic = convertHistory([], { from: 'openai-chat', to: 'anthropic' });
  expectTypeOf(anthropic.messages).toExtend<MessageParam[]>();
  expectTypeOf(anthropic.system).toEqualTypeOf<string | undefined>();
});
