// convert never hands over, silently, output the target's own validator refuses: it exits 1 and
// prints each issue; --repair repairs the history first.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { adapterFor } from '../../src/formats/index.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import { runCliInProcess } from './run-cli-in-process.js';

/** The messages of a converted conversation: the bare array, or the target's key. */
function messagesOf(stdout: string, to: (typeof MESSAGE_FORMATS)[number]): unknown[] {
  const value = JSON.parse(stdout) as unknown;
  return Array.isArray(value)
    ? value
    : ((value as Record<string, unknown[]>)[adapterFor(to).messagesKey] ?? []);
}

const refusals = (stderr: string): number =>
  stderr.split('\n').filter((line) => line.includes(' output is refused: ')).length;

test.prop([arbitraryHistoryWithOrphans, fc.constantFrom(...MESSAGE_FORMATS), fc.boolean()], {
  numRuns: 60,
})(
  'exits 1 and names each issue exactly when the target validator refuses the output',
  async (messages, to, repair) => {
    const args = ['convert', '-', '--to', to, ...(repair ? ['--repair'] : [])];
    const run = await runCliInProcess(args, { stdin: JSON.stringify(messages) });
    const { issues } = validateHistory(messagesOf(run.stdout, to), { format: to });
    expect({ code: run.code, refusals: refusals(run.stderr) }).toEqual({
      code: issues.length === 0 ? 0 : 1,
      refusals: issues.length,
    });
  },
);

describe('convert --to gemini on a result without its call', () => {
  const history = JSON.stringify([
    { role: 'user', content: 'Weather?' },
    { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
  ]);

  it('warns in Gemini words and exits 1', async () => {
    const run = await runCliInProcess(['convert', '-', '--to', 'gemini'], { stdin: history });
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 1,
      stderr:
        '<stdin>: the gemini output is refused: contents[1], part 0, call "call_1": * GenerateContentRequest.contents[1].parts[0].function_response.name: Name cannot be empty. [orphan-tool-result]\n' +
        '<stdin>: converted 1 conversation to gemini, 0 warnings; 1 issue its gemini validator refuses (--repair repairs first); wrote stdout\n',
    });
  });

  it('with --repair, gives the result its call first: the output validates, exit 0', async () => {
    const run = await runCliInProcess(['convert', '-', '--to', 'gemini', '--repair'], {
      stdin: history,
    });
    expect({
      code: run.code,
      valid: validateHistory(messagesOf(run.stdout, 'gemini'), { format: 'gemini' }).ok,
      fixes: run.stderr.match(/\[synthesized-call\]/g)?.length,
    }).toEqual({ code: 0, valid: true, fixes: 1 });
  });

  it('refuses --repair outside convert', async () => {
    const run = await runCliInProcess(['check', '-', '--repair'], { stdin: history });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--repair is for convert');
  });
});
