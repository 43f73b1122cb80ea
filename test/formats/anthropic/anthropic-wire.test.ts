import { describe, it } from 'vitest';
import { fromAnthropic } from '../../../src/formats/anthropic/from-anthropic.js';
import { inspectAnthropic } from '../../../src/formats/anthropic/validate-anthropic.js';
import { expectSameRefusal } from '../../helpers/same-refusal.js';

const refuse = (messages: readonly unknown[], expected: string): void => {
  expectSameRefusal(inspectAnthropic, fromAnthropic, messages, expected);
};

describe('the Anthropic wire parse (validator and reader)', () => {
  it('refuses a messages value that is not an array in the same words', () => {
    refuse(
      { messages: [] } as unknown as unknown[],
      'Expected an Anthropic Messages `messages` array, but got an object.',
    );
  });

  it('refuses a message that is not an object', () => {
    refuse(['hi'], 'messages[0] is the string "hi", but must be an object with role and content.');
  });

  it('refuses a system role with the pointer to the system field', () => {
    refuse(
      [{ role: 'system', content: 'be brief' }],
      "messages[0].role is the string \"system\", but must be 'user' or 'assistant' (the system prompt goes in the `system` field).",
    );
  });

  it('refuses content that is neither a string nor blocks', () => {
    refuse(
      [{ role: 'user', content: 3 }],
      'messages[0].content is a number, but must be a string or an array of content blocks.',
    );
  });

  it('refuses a block without a string type', () => {
    refuse(
      [{ role: 'user', content: [{ text: 'hi' }] }],
      'messages[0].content[0] is an object, but must be a content block object with a string `type`.',
    );
  });

  it('refuses a tool_use whose id is not a string', () => {
    refuse(
      [{ role: 'assistant', content: [{ type: 'tool_use', id: 7, name: 'f', input: {} }] }],
      'messages[0].content[0].id is a number, but must be a string.',
    );
  });

  it('refuses a tool_result whose tool_use_id is not a string', () => {
    refuse(
      [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: null, content: '' }] }],
      'messages[0].content[0].tool_use_id is null, but must be a string.',
    );
  });
});
