import { describe, it } from 'vitest';
import { fromMistral, fromOpenAIChat } from '../../../src/formats/openai-chat/from-openai-chat.js';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import { validateMistral } from '../../../src/formats/mistral/validate-mistral.js';
import { expectSameRefusal } from '../../helpers/same-refusal.js';

describe('the Chat Completions guards (validator and reader)', () => {
  it('refuse a messages value that is not an array in the same words', () => {
    expectSameRefusal(
      validateOpenAIChat,
      fromOpenAIChat,
      { messages: [] } as unknown as unknown[],
      'Expected the Chat Completions messages array, but got an object. Pass body.messages, not the whole request body.',
    );
  });

  it('refuse a message that is not an object in the same words', () => {
    expectSameRefusal(
      validateOpenAIChat,
      fromOpenAIChat,
      [{ role: 'user', content: 'hi' }, 'hi'],
      'messages[1] is a string, not a message object. Every entry of a Chat Completions messages array must be an object with a role.',
    );
  });
});

describe('the Mistral guards (validator and reader)', () => {
  it('refuse a messages value that is not an array in the same words', () => {
    expectSameRefusal(
      validateMistral,
      fromMistral,
      null as unknown as unknown[],
      'Expected the Chat Completions messages array, but got null. Pass body.messages, not the whole request body.',
    );
  });

  it('refuse a message that is not an object in the same words', () => {
    expectSameRefusal(
      validateMistral,
      fromMistral,
      [7],
      'messages[0] is an integer, not a message object. Every entry of a Chat Completions messages array must be an object with a role.',
    );
  });
});
