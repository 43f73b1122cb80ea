import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { expectTypeOf, test } from 'vitest';
import { toMistral, toOpenAIChat } from '../../../src/formats/openai-chat/to-openai-chat.js';

test('toOpenAIChat emits messages the openai SDK accepts as ChatCompletionMessageParam', () => {
  expectTypeOf<
    ReturnType<typeof toOpenAIChat>['messages'][number]
  >().toExtend<ChatCompletionMessageParam>();
  expectTypeOf<ReturnType<typeof toOpenAIChat>['messages']>().toExtend<
    ChatCompletionMessageParam[]
  >();
});

test('toMistral emits Chat Completions-shaped messages', () => {
  expectTypeOf<
    ReturnType<typeof toMistral>['messages'][number]
  >().toExtend<ChatCompletionMessageParam>();
});
