// Packs the package, installs the tarball into a fresh project (with aiwrapper, as users do) and
// imports every entry point from plain Node, so what ships is what works.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'aiwrapper-tool-calls-pack-'));
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

try {
  const [{ filename, files }] = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', dir], root),
  );
  const shipped = files.map((file) => file.path);
  for (const unwanted of shipped.filter((path) =>
    /(^|\/)test\/|\.test(-d)?\.ts$|^\.ci\//.test(path),
  )) {
    throw new Error(`The tarball ships a test or CI file: ${unwanted}`);
  }
  for (const needed of ['LICENSE', 'README.md', 'package.json']) {
    if (!shipped.includes(needed)) throw new Error(`The tarball lacks ${needed}`);
  }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'pack-check', private: true, type: 'module' }),
  );
  // aiwrapper's preinstall (`npx airul gen`) fails on a fresh machine: install without scripts.
  run(
    'npm',
    [
      'install',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      join(dir, filename),
      `aiwrapper@${manifest.devDependencies.aiwrapper}`,
    ],
    dir,
  );
  const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json');
  const probe = `
    const entries = ${JSON.stringify(entries)};
    for (const entry of entries) {
      const specifier = entry === '.' ? 'aiwrapper-tool-calls' : 'aiwrapper-tool-calls/' + entry.slice(2);
      const module = await import(specifier);
      if (entry !== './register' && Object.keys(module).length === 0) throw new Error(specifier + ' exports nothing');
      // The root entry is a short hand-written list (issue 9: at most 40 runtime names).
      if (entry === '.' && Object.keys(module).length > 40) throw new Error(specifier + ' exports ' + Object.keys(module).length + ' runtime names; the budget is 40');
    }
    const { LangMessages } = await import('aiwrapper');
    const messages = new LangMessages('hi');
    messages.addAssistantToolCalls([{ callId: 'c1', name: 'f', arguments: {} }]);
    if (messages.tools?.[0]?.callId !== 'c1') throw new Error('register did not install the helpers');
    console.log('imported ' + entries.length + ' entry points from the installed tarball (' + ${JSON.stringify(filename)} + ', ' + ${files.length} + ' files)');
  `;
  process.stdout.write(run('node', ['--input-type=module', '-e', probe], dir));
  // A TypeScript user sees the installed methods and chat options through module augmentation.
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import 'aiwrapper-tool-calls/register';
import { Lang, LangMessages } from 'aiwrapper';
const messages = new LangMessages('hi');
const calls: { callId: string; name: string }[] | null = messages.addAssistantToolCalls([{ callId: 'c1', name: 'f', arguments: {} }]).tools;
export const sent = Lang.openaiLike({ model: 'm', baseURL: 'http://127.0.0.1' }).chat(messages.messages, { autoAssistantToolCalls: true, tools: [] });
export { calls };
`,
  );
  // Without register the same names are type errors: each @ts-expect-error line must fail.
  for (const fixture of ['without-register.ts', 'with-register.ts'])
    writeFileSync(join(dir, fixture), readFileSync(join(root, 'test/types/fixtures', fixture)));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const file of ['consumer.ts', 'without-register.ts', 'with-register.ts'])
    run(
      'node',
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--lib',
        'es2022,dom',
        file,
      ],
      dir,
    );
  console.log(
    'TypeScript consumers type-check against the installed types, with and without register',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
