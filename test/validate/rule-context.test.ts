import { describe, expect, it } from 'vitest';
import { ToolHistoryError } from '../../src/errors/tool-history-error.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';

const messages = [
  { role: 'user', content: 'Weather?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'w', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
];

describe('rule context options (model, thinking)', () => {
  it('refuses a model that is not a string and thinking that is not a boolean, naming the option', () => {
    expect(() => validateHistory(messages, { format: 'openai-chat', model: 3 as never })).toThrow(
      /model option must be a string.*number/,
    );
    expect(() =>
      repairHistory(messages, { format: 'openai-chat', thinking: 'yes' as never }),
    ).toThrow(ToolHistoryError);
  });
});
