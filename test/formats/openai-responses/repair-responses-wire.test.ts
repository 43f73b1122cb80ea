import { describe, expect, it } from 'vitest';
import { responsesWireActsOn } from '../../../src/formats/openai-responses/repair-responses-wire.js';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';
import { repairHistory } from '../../../src/repair/repair-history.js';

const user = { role: 'user', content: 'go' };
const call = { type: 'function_call', call_id: 'call_f', name: 'get_weather', arguments: '{}' };
const shellCall = {
  type: 'local_shell_call',
  id: 'lsh_1',
  call_id: 'call_s',
  status: 'completed',
  action: { type: 'exec', command: ['ls'], env: {} },
};
const orphanReasoning = { type: 'reasoning', id: 'rs_1', summary: [] };

describe('the Responses pass after the engine', () => {
  it('has no work for a function call without output, which the engine mends', () => {
    const input = [user, call];
    const issues = validateOpenAIResponses(input).issues;
    expect(issues.map((issue) => issue.code)).toEqual(['missing-tool-result']);
    expect(issues.map((issue) => responsesWireActsOn(issue, input))).toEqual([false]);
    const { fixes } = repairHistory(input, { format: 'openai-responses' });
    expect(fixes.map((fix) => fix.kind)).toEqual(['inserted-placeholder']);
  });

  it('runs beside the engine when the input has an issue of its own: a shell call without output', () => {
    const input = [user, call, shellCall];
    const issues = validateOpenAIResponses(input).issues;
    expect(issues.map((issue) => responsesWireActsOn(issue, input))).toEqual([false, true]);
    const { messages, fixes } = repairHistory(input, { format: 'openai-responses' });
    expect(fixes.map((fix) => fix.kind)).toEqual(['inserted-placeholder', 'inserted-output']);
    expect(validateOpenAIResponses(messages as unknown[]).ok).toBe(true);
  });

  it('runs beside the engine when the input has an issue of its own: orphan reasoning', () => {
    const input = [user, orphanReasoning, user, call];
    const issues = validateOpenAIResponses(input).issues;
    expect(issues.some((issue) => responsesWireActsOn(issue, input))).toBe(true);
    const { messages, fixes } = repairHistory(input, { format: 'openai-responses' });
    expect(fixes.map((fix) => fix.kind).sort()).toEqual([
      'dropped-reasoning',
      'inserted-placeholder',
    ]);
    expect(messages).not.toContain(orphanReasoning);
    expect(validateOpenAIResponses(messages as unknown[]).ok).toBe(true);
  });
});
