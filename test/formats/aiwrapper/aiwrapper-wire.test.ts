import { describe, it } from 'vitest';
import { fromAiwrapper } from '../../../src/formats/aiwrapper/from-aiwrapper.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { expectSameRefusal } from '../../helpers/same-refusal.js';

// The format's validator, through the public entry.
const validateAiwrapper = (messages: readonly unknown[]) =>
  validateHistory(messages, { format: 'aiwrapper' });

const refuse = (messages: readonly unknown[], expected: string): void => {
  expectSameRefusal(validateAiwrapper, fromAiwrapper, messages, expected);
};

describe('the LangMessage parse (validator and reader)', () => {
  it('refuses a messages value that is not an array in the same words', () => {
    refuse(
      3 as unknown as unknown[],
      'Expected an aiwrapper `LangMessage` array, but got a number.',
    );
  });

  it('refuses a message that is not an object', () => {
    refuse([[]], 'messages[0] is an array, but must be a LangMessage object with role and items.');
  });

  it('refuses a role aiwrapper does not have', () => {
    refuse(
      [{ role: 'tool', items: [] }],
      "messages[0].role is the string \"tool\", but must be 'user', 'assistant' or 'tool-results'.",
    );
  });

  it('refuses a message without an items array', () => {
    refuse(
      [{ role: 'user', content: 'hi' }],
      'messages[0].items is undefined, but must be an array of items.',
    );
  });

  it('refuses a user item without a string type', () => {
    refuse(
      [{ role: 'user', items: [{ text: 'hi' }] }],
      'messages[0].items[0] is an object, but must be an item object with a string `type`.',
    );
  });

  it('refuses a tool item whose callId is not a string', () => {
    refuse(
      [{ role: 'assistant', items: [{ type: 'tool', callId: 5, name: 'f', arguments: {} }] }],
      'messages[0].items[0].callId is a number, but must be a string.',
    );
  });
});
