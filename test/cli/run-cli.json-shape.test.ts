// `--json`: every issue, fix and warning names the calls it concerns one way, `toolCallIds`
// (always an array), whichever command printed it and whichever issue it is.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

const call = (id: string): object => ({
  id,
  type: 'function',
  function: { name: 'get_weather', arguments: '{}' },
});
// A call without a result (`missing-tool-result`: several ids) and a result without a call
// (`orphan-tool-result`: one id).
const history = JSON.stringify([
  { role: 'user', content: 'Weather?' },
  { role: 'assistant', content: null, tool_calls: [call('call_1'), call('call_2')] },
  { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
  { role: 'user', content: 'And Rome?' },
  { role: 'tool', tool_call_id: 'call_9', content: 'rainy' },
]);

/** The JSON records a run printed: issues (check), or one per line (fix, convert). */
function recordsOf(command: string, stdout: string, stderr: string): Record<string, unknown>[] {
  if (command === 'check')
    return (JSON.parse(stdout) as { issues: Record<string, unknown>[] }).issues;
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('--json', () => {
  it.each([
    ['check', []],
    ['fix', []],
    ['convert', ['--to', 'gemini']],
  ])('%s names the calls of each record in toolCallIds, an array', async (command, extra) => {
    const run = await runCliInProcess([command, '-', '--json', ...extra], { stdin: history });
    const records = recordsOf(command, run.stdout, run.stderr);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record).not.toHaveProperty('toolCallId');
      expect(record).not.toHaveProperty('callId');
      expect(Array.isArray(record.toolCallIds), JSON.stringify(record)).toBe(true);
    }
    if (command === 'check')
      expect(records.map((record) => [record.code, record.toolCallIds])).toEqual([
        ['missing-tool-result', ['call_2']],
        ['orphan-tool-result', ['call_9']],
      ]);
  });
});
