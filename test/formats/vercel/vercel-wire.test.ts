import { describe, it } from 'vitest';
import { fromVercel } from '../../../src/formats/vercel/from-vercel.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { expectSameRefusal } from '../../helpers/same-refusal.js';

// The format's validator, through the public entry.
const validateVercel = (messages: readonly unknown[]) =>
  validateHistory(messages, { format: 'vercel' });

const refuse = (messages: readonly unknown[], expected: string): void => {
  expectSameRefusal(validateVercel, fromVercel, messages, expected);
};

describe('the ModelMessage wire parse (validator and reader)', () => {
  it('refuses a messages value that is not an array in the same words', () => {
    refuse('hi' as unknown as unknown[], 'Expected a `ModelMessage[]` array, but got a string.');
  });

  it('refuses a message that is not an object', () => {
    refuse([null], 'messages[0] is null, but must be a ModelMessage object.');
  });

  it('refuses a role ModelMessage does not have', () => {
    refuse(
      [{ role: 'model', content: 'hi' }],
      "messages[0].role is the string \"model\", but must be 'system', 'user', 'assistant' or 'tool'.",
    );
  });

  it('refuses a tool message whose content is not an array', () => {
    refuse(
      [{ role: 'tool', content: 'done' }],
      'messages[0].content is the string "done", but must be an array of tool-result parts.',
    );
  });

  it('refuses user content that is neither a string nor parts', () => {
    refuse(
      [{ role: 'user', content: 7 }],
      'messages[0].content is a number, but must be a string or an array of parts.',
    );
  });

  it('refuses a part without a string type', () => {
    refuse(
      [{ role: 'assistant', content: [{ text: 'hi' }] }],
      'messages[0].content[0] is an object, but must be a part object with a string `type`.',
    );
  });

  it('refuses a tool-call whose toolCallId is not a string', () => {
    refuse(
      [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 1, toolName: 'f', input: {} }],
        },
      ],
      'messages[0].content[0].toolCallId is a number, but must be a string.',
    );
  });
});
