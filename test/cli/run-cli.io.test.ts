import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFileSystem, type CliFileSystem } from '../../src/cli/write-output.js';
import { runCli } from '../../src/cli/run-cli.js';
import { capturedStream, emptyStdin, runCliInProcess } from './run-cli-in-process.js';

const fixture = (name: string): string => `test/cli/__fixtures__/${name}`;
let dir: string;
let hostile: string;

/** Ids and a name that would retitle and clear a terminal, reverse text and forge a line. */
const HOSTILE_HISTORY = {
  input: [
    { role: 'user', content: 'hi' },
    {
      type: 'function_call',
      call_id: 'a\u009b31m\u202e',
      name: 'get\u001b[2Jweather',
      arguments: '{}',
    },
    {
      type: 'function_call_output',
      call_id: 'x\u001b]0;OWNED\u0007\nforged: no issues',
      output: 'ok',
    },
  ],
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-io-'));
  hostile = join(dir, 'hostile.json');
  await writeFile(hostile, JSON.stringify(HOSTILE_HISTORY));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An error as Node's fs gives it. */
function systemError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path });
}

/** Every control character a terminal acts on, apart from the line breaks between lines. */
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('runCli output of hostile ids and names', () => {
  it('check prints every id and provider message with its control characters escaped', async () => {
    const run = await runCliInProcess(['check', hostile]);
    expect(run).toEqual({
      code: 1,
      stdout: [
        `${hostile}: input[1], call "a\\u009b31m\\u202e": No tool output found for function call a\\u009b31m\\u202e. [missing-tool-result]`,
        `${hostile}: input[2], call "x\\u001b]0;OWNED\\u0007\\nforged: no issues": No tool call found for function call output with call_id x\\u001b]0;OWNED\\u0007\\u000aforged: no issues. [orphan-tool-result]`,
        `${hostile}: 2 issues in 1 of 1 conversation (openai-responses)`,
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('pairs prints the tool name and ids escaped', async () => {
    const run = await runCliInProcess(['pairs', hostile]);
    expect(run).toEqual({
      code: 0,
      stdout: [
        `${hostile} (openai-responses): 1 call, 1 unpaired result`,
        '  turn 0  pending  get\\u001b[2Jweather "a\\u009b31m\\u202e"  call input[1] -> no result',
        '  unpaired result "x\\u001b]0;OWNED\\u0007\\nforged: no issues" at input[2]: no call of its turn has this id',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it.each(['check --json', 'pairs --json', 'fix --json', 'fix', 'convert --to anthropic'])(
    '%s writes no raw control character, and stdout is still JSON',
    async (command) => {
      const args = command.split(' ');
      const run = await runCliInProcess([...args, hostile]);
      expect([CONTROL.test(run.stdout), CONTROL.test(run.stderr)]).toEqual([false, false]);
      // One JSON document, or one per line (pairs --json).
      const documents = command.startsWith('pairs')
        ? run.stdout.trimEnd().split('\n')
        : [run.stdout];
      expect(documents.map((text) => typeof JSON.parse(text))).toEqual(
        documents.map(() => 'object'),
      );
      if (command === 'fix') {
        // The escapes are JSON's: the ids read back as they were.
        const fixed = JSON.parse(run.stdout) as typeof HOSTILE_HISTORY;
        expect(fixed.input.map((item) => ('call_id' in item ? item.call_id : undefined))).toEqual([
          undefined,
          'a\u009b31m\u202e',
          'a\u009b31m\u202e',
          'x\u001b]0;OWNED\u0007\nforged: no issues',
          'x\u001b]0;OWNED\u0007\nforged: no issues',
        ]);
      }
    },
  );

  it('escapes an unknown command given on the command line', async () => {
    expect(await runCliInProcess(['\u001b[2Jcheck'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'aiwrapper-tool-calls: unknown command "\\u001b[2Jcheck": use one of check, fix, convert, trim, pairs, view\nRun "aiwrapper-tool-calls --help" for usage.\n',
    });
  });
});

describe('runCli on I/O errors', () => {
  it('exits 2 with one line when the input cannot be read (EACCES)', async () => {
    const fs: CliFileSystem = {
      ...nodeFileSystem,
      // eslint-disable-next-line require-yield -- fails before the first chunk, as open(2) does
      readChunks: async function* (path) {
        await Promise.resolve();
        throw systemError('EACCES', 'open', path);
      },
    };
    expect(await runCliInProcess(['check', fixture('valid-openai-chat.json')], { fs })).toEqual({
      code: 2,
      stdout: '',
      stderr: `aiwrapper-tool-calls: ${fixture('valid-openai-chat.json')}: cannot read (EACCES)\n`,
    });
  });

  it('exits 2 with one line when the input is a directory (EISDIR)', async () => {
    expect(await runCliInProcess(['check', dir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `aiwrapper-tool-calls: ${dir}: not a file\n`,
    });
  });

  it('exits 2 with one line, before any work, when -o names a directory', async () => {
    const target = join(dir, 'a-directory');
    await mkdir(target);
    const run = await runCliInProcess(['fix', fixture('trimmed-openai-chat.json'), '-o', target]);
    expect({ run, left: await readdir(dir) }).toEqual({
      run: {
        code: 2,
        stdout: '',
        stderr: `aiwrapper-tool-calls: ${target}: cannot write (not a file)\n`,
      },
      left: ['a-directory', 'hostile.json'],
    });
  });

  it('exits 2 with one line when the output directory is not writable (EACCES)', async () => {
    const fs: CliFileSystem = {
      ...nodeFileSystem,
      create: (path) => Promise.reject(systemError('EACCES', 'open', path)),
    };
    const target = join(dir, 'out.json');
    expect(
      await runCliInProcess(['fix', fixture('trimmed-openai-chat.json'), '-o', target], { fs }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: `aiwrapper-tool-calls: ${target}: cannot write (EACCES)\n`,
    });
  });

  it.each([
    ['fails with ENOSPC', 'throw'],
    ['writes 0 bytes', 'short'],
  ] as const)(
    '--in-place on a full disk whose write %s keeps the input whole and removes the temp file',
    async (_, mode) => {
      const path = join(dir, `full-disk-${mode}.json`);
      const original = await readFile(fixture('trimmed-openai-chat.json'), 'utf8');
      await writeFile(path, original);
      const fs: CliFileSystem = {
        ...nodeFileSystem,
        create: async (file, fileMode) => {
          const real = await nodeFileSystem.create(file, fileMode);
          return {
            ...real,
            datasync: () => real.datasync(),
            close: () => real.close(),
            write: (bytes) =>
              mode === 'throw'
                ? Promise.reject(systemError('ENOSPC', 'write', file))
                : real.write(bytes.subarray(0, 0)),
          };
        },
      };
      const run = await runCliInProcess(['fix', path, '--in-place'], { fs });
      expect({
        code: run.code,
        stderr: run.stderr,
        input: await readFile(path, 'utf8'),
        temp: (await readdir(dir)).filter((name) => name.endsWith('.tmp')),
      }).toEqual({
        code: 2,
        stderr:
          mode === 'throw'
            ? `aiwrapper-tool-calls: ${path}: cannot write (ENOSPC)\n`
            : `aiwrapper-tool-calls: ${path}: cannot write (no space left to write (a write wrote 0 bytes))\n`,
        input: original,
        temp: [],
      });
    },
  );

  it('exits 2 with one line when stdout fails (ENOSPC), and stops writing to it', async () => {
    const stderr = capturedStream();
    let writes = 0;
    const stdout = {
      write: () => {
        writes++;
        throw systemError('ENOSPC', 'write', '/dev/full');
      },
      once: () => undefined,
    };
    const code = await runCli(['fix', fixture('conversations.jsonl')], {
      stdin: emptyStdin(),
      stdout,
      stderr,
    });
    expect({ code, writes, stderr: stderr.text() }).toEqual({
      code: 2,
      writes: 1,
      stderr: 'aiwrapper-tool-calls: cannot write to stdout (ENOSPC)\n',
    });
  });

  it('stops quietly with 0 when stdout is a closed pipe (EPIPE)', async () => {
    const stderr = capturedStream();
    const stdout = {
      write: () => {
        throw systemError('EPIPE', 'write', '');
      },
      once: () => undefined,
    };
    const code = await runCli(['check', fixture('trimmed-openai-chat.json')], {
      stdin: emptyStdin(),
      stdout,
      stderr,
    });
    expect({ code, stderr: stderr.text() }).toEqual({ code: 0, stderr: '' });
  });

  it.each([
    ['at once', 0],
    ['after its buffer filled, while the command waits for drain', 64],
  ])('exits 2 with one line when a Node stream behind stdout fails %s', async (_, failAfter) => {
    const stderr = capturedStream();
    let accepted = 0;
    // A slow consumer with a 16-byte buffer, so writers wait for drain, then a full disk.
    const stdout = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        accepted += chunk.length;
        setImmediate(() => {
          callback(accepted > failAfter ? systemError('ENOSPC', 'write', '') : null);
        });
      },
    });
    const code = await runCli(['fix', fixture('conversations.jsonl')], {
      stdin: emptyStdin(),
      stdout,
      stderr,
    });
    expect({ code, stderr: stderr.text() }).toEqual({
      code: 2,
      stderr: 'aiwrapper-tool-calls: cannot write to stdout (ENOSPC)\n',
    });
  });
});
