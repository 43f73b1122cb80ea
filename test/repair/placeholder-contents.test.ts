import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../src/index.js';

describe('placeholder contents', () => {
  const turn = (id: string, name: string): unknown[] => [
    { role: 'user', content: 'go' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }],
    },
  ];

  it('carry the default text of their cause and tool, and name no call id', () => {
    const history = [...turn('call_1', 'f'), ...turn('call_2', 'f'), ...turn('call_3', 'g')];
    const { fixes } = repairHistory(history, { format: 'openai-chat' });
    const contents = fixes.map((fix) =>
      fix.kind === 'inserted-placeholder' ? fix.content : undefined,
    );
    expect(contents).toEqual([
      ...Array.from({ length: 2 }, () => ({
        error: true,
        name: 'ToolResultMissing',
        message:
          'No result was recorded for this call of tool "f". The tool may or may not have run.',
      })),
      {
        error: true,
        name: 'ToolResultMissing',
        message:
          'No result has been recorded yet for this call of tool "g". The tool may or may not have run.',
      },
    ]);
  });

  it('are made per call by a function of the caller, which gets the call id', () => {
    const history = [...turn('call_1', 'f'), ...turn('call_2', 'f')];
    const { messages } = repairHistory(history, {
      format: 'openai-chat',
      missingResults: { 'not-recorded': ({ callId }) => `lost ${callId}` },
    });
    expect(messages.filter((message) => message.role === 'tool').map((m) => m.content)).toEqual([
      '{"error":true,"name":"ToolResultMissing","message":"lost call_1"}',
      '{"error":true,"name":"ToolResultMissing","message":"No result has been recorded yet for this call of tool \\"f\\". The tool may or may not have run."}',
    ]);
  });
});
