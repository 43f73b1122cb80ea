import { describe, expect, it } from 'vitest';
import { ToolHistoryError } from '../../src/errors/tool-history-error.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';

function historyWithBadCallAt11(): unknown[] {
  const messages: unknown[] = [];
  for (let turn = 0; turn < 5; turn++)
    messages.push(
      { role: 'user', content: `q${turn}` },
      { role: 'assistant', content: `a${turn}` },
    );
  messages.push({ role: 'user', content: 'go' });
  messages.push({
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 5, type: 'function', function: { name: 'f', arguments: '{}' } }],
  });
  return messages;
}

describe('indexes in repair errors point into the caller’s array', () => {
  it('a bad call id at messages[11] is reported at messages[11] by validate and repair alike', () => {
    const messages = historyWithBadCallAt11();
    const validation = validateHistory(messages, { format: 'openai-chat' });
    expect(validation.issues.map((issue) => issue.messageIndex)).toEqual([11]);
    for (const provider of [undefined, 'anthropic'] as const) {
      expect(() =>
        repairHistory(messages, { format: 'openai-chat', ...(provider ? { provider } : {}) }),
      ).toThrow(
        new ToolHistoryError(
          'invalid-input',
          'messages[11].tool_calls[0].id is a number, but must be a string.',
        ),
      );
    }
  });
});
