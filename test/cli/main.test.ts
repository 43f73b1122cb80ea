import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from './run-cli-process.js';

// Smoke tests of the executable itself (process streams, exit code); every behaviour is tested
// in-process through runCli in run-cli.test.ts, as a process per case costs a second or more.
describe.concurrent('the aiwrapper-tool-calls executable', () => {
  it('prints usage with --help and exits 0', async () => {
    const run = await runCliProcess(['--help']);
    expect([run.code, run.stdout.split('\n')[0], run.stderr]).toEqual([
      0,
      'Usage: aiwrapper-tool-calls <command> [file] [options]',
      '',
    ]);
  });

  it('reads stdin, reports on stdout and exits 1 when the history has an issue', async () => {
    const stdin = await readFile('test/cli/__fixtures__/trimmed-openai-chat.json', 'utf8');
    expect(await runCliProcess(['check'], { stdin })).toEqual({
      code: 1,
      stdout:
        `<stdin>: messages[1], call "call_1": Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. [orphan-tool-result]\n` +
        '<stdin>: 1 issue in 1 of 1 conversation (openai-chat)\n',
      stderr: '',
    });
  });

  it.skipIf(!existsSync('/dev/full'))(
    'exits 2 with one line, no stack trace, when stdout is a full disk (/dev/full)',
    async () => {
      const full = await open('/dev/full', 'w');
      try {
        expect(
          await runCliProcess(['fix', 'test/cli/__fixtures__/trimmed-openai-chat.json'], {
            stdoutFd: full.fd,
          }),
        ).toEqual({
          code: 2,
          stdout: '',
          stderr: 'aiwrapper-tool-calls: cannot write to stdout (ENOSPC)\n',
        });
      } finally {
        await full.close();
      }
    },
  );
});
