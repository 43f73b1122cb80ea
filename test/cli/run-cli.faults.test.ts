import { spawn } from 'node:child_process';
import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFileSystem, type CliFileSystem } from '../../src/cli/write-output.js';
import { runCliInProcess } from './run-cli-in-process.js';
import { ROOT } from './run-cli-process.js';

const BROKEN = `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]}]}\n`;

let dir: string;
let fixed: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-calls-cli-faults-'));
  fixed = (await runCliInProcess(['fix', await input('reference.json')])).stdout;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function input(name: string, text = BROKEN): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const temps = async (): Promise<string[]> =>
  (await readdir(dir)).filter((name) => name.endsWith('.tmp'));

function systemError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path });
}

type Step = 'write' | 'datasync' | 'close' | 'rename';

/** node:fs, with `step` failing (ENOSPC, or EIO for close) and every call recorded. */
function faultyFileSystem(step: Step | undefined, calls: string[] = []): CliFileSystem {
  const code = step === 'close' ? 'EIO' : 'ENOSPC';
  return {
    ...nodeFileSystem,
    create: async (path, mode) => {
      calls.push(`create ${basename(path).replace(/\.[0-9a-f]{12}\.tmp$/, '.*.tmp')}`);
      const real = await nodeFileSystem.create(path, mode);
      const fail = (name: Step, act: () => Promise<void>): Promise<void> => {
        calls.push(name);
        return step === name ? Promise.reject(systemError(code, name, path)) : act();
      };
      return {
        write: async (bytes) => {
          calls.push('write');
          if (step === 'write') throw systemError(code, 'write', path);
          return real.write(bytes);
        },
        datasync: () => fail('datasync', () => real.datasync()),
        close: () => fail('close', () => real.close()).finally(() => real.close().catch(() => 0)),
      };
    },
    rename: (from, to) => {
      calls.push(`rename to ${basename(to)}`);
      return step === 'rename'
        ? Promise.reject(systemError(code, 'rename', from))
        : nodeFileSystem.rename(from, to);
    },
    syncDirectory: (path) => {
      calls.push(`sync directory ${path === dir ? 'of the target' : path}`);
      return nodeFileSystem.syncDirectory(path);
    },
  };
}

describe('fix --in-place under I/O faults', () => {
  it.each(['write', 'datasync', 'close', 'rename'] as const)(
    'a failing %s leaves the input whole, removes the temp file and exits 2 with one line',
    async (step) => {
      const path = await input(`fault-${step}.json`);
      const run = await runCliInProcess(['fix', path, '--in-place'], {
        fs: faultyFileSystem(step),
      });
      expect({
        code: run.code,
        stderr: run.stderr,
        input: await readFile(path, 'utf8'),
        temps: await temps(),
      }).toEqual({
        code: 2,
        stderr: `aiwrapper-tool-calls: ${path}: cannot write (${step === 'close' ? 'EIO' : 'ENOSPC'})\n`,
        input: BROKEN,
        temps: [],
      });
    },
  );

  it('syncs the temp file, renames it over the target, then syncs the directory', async () => {
    const path = await input('order.json');
    const calls: string[] = [];
    const run = await runCliInProcess(['fix', path, '--in-place'], {
      fs: faultyFileSystem(undefined, calls),
    });
    expect({ code: run.code, calls, text: await readFile(path, 'utf8') }).toEqual({
      code: 0,
      calls: [
        'create .order.json.*.tmp',
        'write',
        'datasync',
        'close',
        'rename to order.json',
        'sync directory of the target',
      ],
      text: fixed,
    });
  });

  it('writes everything when the disk takes a few bytes per write', async () => {
    const path = await input('short-writes.json');
    let writes = 0;
    const fs: CliFileSystem = {
      ...nodeFileSystem,
      create: async (file, mode) => {
        const real = await nodeFileSystem.create(file, mode);
        return {
          write: (bytes) => {
            writes++;
            return real.write(bytes.subarray(0, 7));
          },
          datasync: () => real.datasync(),
          close: () => real.close(),
        };
      },
    };
    const run = await runCliInProcess(['fix', path, '--in-place'], { fs });
    expect({ code: run.code, text: await readFile(path, 'utf8'), writes }).toEqual({
      code: 0,
      text: fixed,
      writes: Math.ceil(Buffer.byteLength(fixed) / 7),
    });
  });
});

describe('fix --in-place and the file mode', () => {
  it('keeps every permission bit of the file it replaces, whatever the umask', async () => {
    const path = await input('mode.json');
    await chmod(path, 0o666);
    const previous = process.umask(0o022);
    try {
      const run = await runCliInProcess(['fix', path, '--in-place']);
      expect({ code: run.code, mode: (await stat(path)).mode & 0o777 }).toEqual({
        code: 0,
        mode: 0o666,
      });
    } finally {
      process.umask(previous);
    }
  });
});

describe("fix --in-place by root on another user's file", () => {
  it.skipIf(process.getuid?.() !== 0)(
    'keeps the owner, group and mode of the file it replaces',
    async () => {
      const path = await input('owned.json');
      await chown(path, 1234, 4321);
      await chmod(path, 0o640);
      const run = await runCliInProcess(['fix', path, '--in-place']);
      const stats = await stat(path);
      expect({
        code: run.code,
        owner: [stats.uid, stats.gid, stats.mode & 0o777],
        text: await readFile(path, 'utf8'),
      }).toEqual({ code: 0, owner: [1234, 4321, 0o640], text: fixed });
    },
  );
});

describe('fix --in-place by a user who cannot give files away', () => {
  it.each([
    ['EPERM', 0],
    ['EIO', 2],
  ] as const)('a chown failing with %s exits %i', async (code, exit) => {
    const path = await input(`chown-${code}.json`);
    const fs: CliFileSystem = {
      ...nodeFileSystem,
      create: async (file, mode) => {
        const real = await nodeFileSystem.create(file, mode);
        return {
          write: (bytes) => real.write(bytes),
          datasync: () => real.datasync(),
          close: () => real.close(),
          chown: () => Promise.reject(systemError(code, 'fchown', file)),
        };
      },
    };
    const run = await runCliInProcess(['fix', path, '--in-place'], { fs });
    expect({ code: run.code, text: await readFile(path, 'utf8'), temps: await temps() }).toEqual({
      code: exit,
      // EPERM: the file is written, owned by whoever wrote it; anything else: left as it was.
      text: exit === 0 ? fixed : BROKEN,
      temps: [],
    });
  });
});

describe('fix through symbolic links', () => {
  it('--in-place on a link fixes the file it points to and keeps the link', async () => {
    const target = await input('linked-in-place.json');
    const link = join(dir, 'link-in-place.json');
    await symlink(basename(target), link);
    const run = await runCliInProcess(['fix', link, '--in-place']);
    expect({
      code: run.code,
      link: (await lstat(link)).isSymbolicLink() && (await readlink(link)),
      target: await readFile(target, 'utf8'),
    }).toEqual({ code: 0, link: basename(target), target: fixed });
  });

  it.each([
    ['an existing file', true],
    ['a file that does not exist yet', false],
  ])('-o at a link to %s writes that file and keeps the link', async (_, exists) => {
    const source = await input(`source-${String(exists)}.json`);
    await mkdir(join(dir, `sub-${String(exists)}`));
    const target = join(dir, `sub-${String(exists)}`, 'out.json');
    if (exists) await writeFile(target, 'old');
    const link = join(dir, `out-link-${String(exists)}.json`);
    await symlink(`sub-${String(exists)}/out.json`, link);
    const run = await runCliInProcess(['fix', source, '-o', link]);
    expect({
      code: run.code,
      link: await readlink(link),
      target: await readFile(target, 'utf8'),
    }).toEqual({ code: 0, link: `sub-${String(exists)}/out.json`, target: fixed });
  });
});

describe('fix --provider keeps the input format and checks what is left in it', () => {
  it('repairs aiwrapper messages bound for Mistral and writes them as aiwrapper messages', async () => {
    const out = join(dir, 'aiwrapper-mistral.json');
    const run = await runCliInProcess([
      'fix',
      'test/cli/__fixtures__/invalid-aiwrapper.json',
      '--provider',
      'mistral',
      '-o',
      out,
      '--json',
    ]);
    const written = JSON.parse(await readFile(out, 'utf8')) as { role: string }[];
    const fixes = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { kind: string }).kind);
    expect({
      code: run.code,
      stderr: run.stderr,
      roles: written.map((m) => m.role),
      fixes,
    }).toEqual({
      code: 0,
      stderr: '',
      roles: ['user', 'assistant', 'tool-results', 'assistant', 'user'],
      fixes: ['rewrote-call-id', 'inserted-placeholder', 'inserted-assistant-turn'],
    });
  });

  it('repairs Anthropic messages bound for Gemini and writes them as Anthropic messages', async () => {
    const path = await input(
      'anthropic-gemini.json',
      `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"f","input":{}}]},{"role":"user","content":"next"}]}`,
    );
    const run = await runCliInProcess(['fix', path, '--provider', 'gemini']);
    const written = JSON.parse(run.stdout) as { messages: { content: unknown }[] };
    expect({ code: run.code, types: written.messages.map((m) => m.content) }).toMatchObject({
      code: 0,
      types: [
        'hi',
        [{ type: 'tool_use', id: 'toolu_1', name: 'f' }],
        [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true }],
        // The user message the repair did not need to change stays as it was: the placeholder
        // goes in a message of its own (Anthropic merges consecutive user messages).
        'next',
      ],
    });
  });
});

describe('fix -o on a signal', () => {
  // CI once saw the temp file survive a SIGINT: the signal landed after the file was opened but
  // before the cleanup was armed, so the default action killed the process. The cleanup is now
  // armed before the open, and disarmed again when the open fails.
  it('arms the signal cleanup before the temp file is created, and disarms it if the create fails', async () => {
    const before = process.listenerCount('SIGINT');
    const armed: boolean[] = [];
    const path = await input('armed.json');
    const fs = (fail: boolean): CliFileSystem => ({
      ...nodeFileSystem,
      create: (file, mode) => {
        armed.push(process.listenerCount('SIGINT') > before);
        return fail
          ? Promise.reject(systemError('EACCES', 'open', file))
          : nodeFileSystem.create(file, mode);
      },
    });
    const ok = await runCliInProcess(['fix', path, '--in-place'], { fs: fs(false) });
    const failed = await runCliInProcess(['fix', path, '--in-place'], { fs: fs(true) });
    expect({
      codes: [ok.code, failed.code],
      armed,
      listeners: process.listenerCount('SIGINT') - before,
      temps: await temps(),
    }).toEqual({ codes: [0, 2], armed: [true, true], listeners: 0, temps: [] });
  });

  // One child per signal, run at once: each spends most of its time starting tsx.
  it.concurrent.for(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'] as const)(
    'on %s removes the temp file, leaves the input intact, and dies of the signal',
    async (signal, { expect }) => {
      const sub = await mkdtemp(join(dir, `signal-${signal}-`));
      const line = BROKEN.replace(
        '{"messages":',
        '{"padding":"' + 'x'.repeat(2000) + '","messages":',
      );
      // 4 MB: about a second of work left when the temp file appears, so the kill finds it running.
      const text = line.repeat(2000);
      const source = join(sub, 'big.jsonl');
      await writeFile(source, text);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'fix', source, '-o', join(sub, 'out.jsonl')],
        { cwd: ROOT, stdio: 'ignore' },
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) => {
        child.on('exit', (_code, received) => {
          resolve(received);
        });
      });
      // The temp file is created before the first conversation is read: wait for it.
      while ((await readdir(sub)).every((name) => !name.endsWith('.tmp')))
        await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill(signal);
      expect({
        signal: await exited,
        files: (await readdir(sub)).sort(),
        input: (await readFile(source, 'utf8')) === text,
      }).toEqual({ signal, files: ['big.jsonl'], input: true });
    },
  );
});
