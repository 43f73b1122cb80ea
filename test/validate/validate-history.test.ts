import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import {
  InvalidHistoryError,
  ToolHistoryError,
  UnsupportedFormatError,
} from '../../src/errors/tool-history-error.js';
import { validateOpenAIChat } from '../../src/formats/openai-chat/validate-openai-chat.js';
import { assertValidHistory, validateHistory } from '../../src/validate/validate-history.js';
import { renderHistory, resultTurn, type NeutralRound } from '../helpers/format-histories.js';

const ROUND: NeutralRound = {
  calls: [
    { id: 'a1b2c3d4e', name: 'get_weather' },
    { id: 'f5g6h7i8j', name: 'now' },
  ],
  resultOrder: [1, 0],
};

describe('validateHistory', () => {
  it.each(MESSAGE_FORMATS)('accepts a valid %s history', (format) => {
    expect(
      validateHistory(
        renderHistory(
          format,
          [ROUND, ROUND].map((round, index) => ({
            ...round,
            calls: round.calls.map((call) => ({
              ...call,
              id: format === 'mistral' ? call.id : `${call.id}${index}`,
            })),
          })),
        ).messages,
        { format },
      ),
    ).toEqual({ ok: true, issues: [] });
  });

  it('routes openai-chat to the Chat Completions validator', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'tool', tool_call_id: 'x', content: 'ok' },
    ];
    expect(validateHistory(messages, { format: 'openai-chat' })).toEqual(
      validateOpenAIChat(messages),
    );
  });

  // UI messages hold a result only in its call's tool part: no orphan to write.
  const withOrphans = MESSAGE_FORMATS.filter((format) => format !== 'vercel-ui');
  it.each(withOrphans)('reports a %s history that starts with an orphan result', (format) => {
    const messages = [resultTurn(format, [{ id: 'a1b2c3d4e', name: 'now' }])];
    expect(
      validateHistory(messages, { format }).issues.map((issue) => [issue.code, issue.messageIndex]),
    ).toEqual([['orphan-tool-result', 0]]);
  });

  it('throws UnsupportedFormatError for a format it does not know', () => {
    expect(() => validateHistory([], { format: 'cohere' as MessageFormat })).toThrow(
      new UnsupportedFormatError('cohere', MESSAGE_FORMATS),
    );
    expect(() => validateHistory([], { format: 'cohere' as MessageFormat })).toThrow(
      "Unsupported format \"cohere\". Use one of: 'openai-chat', 'openai-responses', 'anthropic', 'gemini', 'mistral', 'bedrock', 'aiwrapper', 'vercel', 'vercel-ui'.",
    );
  });

  it('throws invalid-input for missing options and for messages that are not an array', () => {
    expect(() => validateHistory([], undefined as unknown as { format: MessageFormat })).toThrow(
      new ToolHistoryError(
        'invalid-input',
        "validateHistory needs an options object with a format, e.g. { format: 'openai-chat' }, but got undefined.",
      ),
    );
    for (const format of MESSAGE_FORMATS) {
      let thrown: unknown;
      try {
        validateHistory('hello' as unknown as unknown[], { format });
      } catch (error) {
        thrown = error;
      }
      expect([format, thrown instanceof ToolHistoryError ? thrown.code : thrown]).toEqual([
        format,
        'invalid-input',
      ]);
    }
  });

  it('never modifies the messages it checks', () => {
    for (const format of MESSAGE_FORMATS) {
      const { messages } = renderHistory(format, [{ ...ROUND, resultOrder: [1] }]);
      const copy = structuredClone(messages);
      validateHistory(messages, { format });
      expect(messages).toEqual(copy);
    }
  });
});

describe('assertValidHistory', () => {
  it('throws InvalidHistoryError with the issues validateHistory reports, and returns for a valid history', () => {
    const { messages } = renderHistory('gemini', [{ ...ROUND, resultOrder: [1] }]);
    const { issues } = validateHistory(messages, { format: 'gemini' });
    let thrown: unknown;
    try {
      assertValidHistory(messages, { format: 'gemini' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown instanceof InvalidHistoryError ? thrown.issues : thrown).toEqual(issues);
    expect(issues.length).toBe(1);
    expect(() => {
      assertValidHistory(renderHistory('gemini', [ROUND]).messages, { format: 'gemini' });
    }).not.toThrow();
  });
});
