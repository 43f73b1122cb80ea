// Every TypeScript block of README.md and docs/*.md runs as written, after the prelude that
// docs/README.md documents: a started strict server, its `baseURL`, and an aiwrapper `lang` routed
// to it. Each block becomes a module under .scratch/ (gitignored, inside the project, so
// tsconfig's `paths` resolve `aiwrapper-tool-calls` to src/); one program type-checks them all,
// then each runs against one shared strict server, reset before each block.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lang, setHttpRequestImpl } from 'aiwrapper';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
} from '../../src/testing/index.js';

/** What every block may use without declaring it; docs/README.md says the same to readers. */
const PRELUDE = `
import type { LanguageProvider } from 'aiwrapper';
import type { StrictServer } from 'aiwrapper-tool-calls/testing';

declare global {
  /** startStrictServer(): aiwrapper's Anthropic and Google providers are routed to it too. */
  const server: StrictServer;
  /** server.baseURL */
  const baseURL: string;
  /** Lang.openaiLike({ baseURL, apiKey: 'test', model: 'gpt-4o-mini' }) */
  const lang: LanguageProvider;
}
export {};
`;

/** A block that cannot run (it needs a real API key, say) starts with this comment. */
const NOT_RUN = /^\/\/ not run: \S/;

interface CodeBlock {
  /** `README.md:42`: the file and the line of the opening fence. */
  readonly where: string;
  readonly document: string;
  readonly source: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

function codeBlocksOf(document: string): CodeBlock[] {
  const text = readFileSync(join(root, document), 'utf8');
  return [...text.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)].map((match) => ({
    where: `${document}:${String(text.slice(0, match.index).split('\n').length)}`,
    document,
    source: match[1] ?? '',
  }));
}

const blocks = documents.flatMap(codeBlocksOf);

// Where the package's specifiers point when a block runs (vitest does not read tsconfig's
// `paths`); the type check resolves them through `paths`, as a user's editor would.
const entryFiles: Readonly<Record<string, string>> = {
  'aiwrapper-tool-calls': 'src/index.ts',
  'aiwrapper-tool-calls/aiwrapper': 'src/aiwrapper/index.ts',
  'aiwrapper-tool-calls/testing': 'src/testing/index.ts',
  'aiwrapper-tool-calls/register': 'src/register.ts',
};

function runnableSource(source: string): string {
  return source.replace(
    /from '(aiwrapper-tool-calls(?:\/[a-z]+)?)'|import '(aiwrapper-tool-calls\/register)'/g,
    (whole, from?: string, bare?: string) => {
      const target = entryFiles[from ?? bare ?? ''];
      if (target === undefined) return whole;
      const path = JSON.stringify(join(root, target));
      return from === undefined ? `import ${path}` : `from ${path}`;
    },
  );
}

interface Checked {
  readonly errors: readonly string[];
  /** The names the block declares without defining (`declare`): it would not run as written. */
  readonly outsideNames: readonly string[];
  readonly runnable: string;
}

const scratch = join(root, '.scratch');
let folder = '';
let server: StrictServer | undefined;
const checked = new Map<CodeBlock, Checked>();
const REGISTER_IMPORT = /^import 'aiwrapper-tool-calls\/register';/m;

function fail(message: string): never {
  throw new Error(message);
}

function diagnosticText(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
}

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  folder = mkdtempSync(join(scratch, 'code-blocks-'));
  const prelude = join(folder, 'prelude.ts');
  writeFileSync(prelude, PRELUDE);
  const files = blocks.map((block, index) => {
    const file = join(folder, `block-${String(index)}.ts`);
    // `export {}` makes every block a module of its own, so blocks may reuse names.
    writeFileSync(file, `${block.source}\nexport {};\n`);
    return file;
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  // Blocks without `import 'aiwrapper-tool-calls/register'` get a program of their own: one
  // program would lend them register's types, and `{ tools }` in chat() would pass unflagged.
  const registers = blocks.map((block) => REGISTER_IMPORT.test(block.source));
  const programs = [true, false].map((withRegister) => {
    const program = ts.createProgram(
      [prelude, ...files.filter((_, index) => registers[index] === withRegister)],
      config.options,
    );
    const preludeFile = program.getSourceFile(prelude);
    const preludeErrors = preludeFile ? program.getSemanticDiagnostics(preludeFile) : [];
    if (!preludeFile || preludeErrors.length > 0)
      throw new Error(
        `the prelude does not type-check: ${preludeErrors.map(diagnosticText).join('; ')}`,
      );
    return program;
  });
  blocks.forEach((block, index) => {
    const file = files[index] ?? '';
    const program = programs[registers[index] === true ? 0 : 1] ?? fail('no program');
    const checker = program.getTypeChecker();
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) throw new Error(`${block.where}: not in the program`);
    const errors = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ].map((diagnostic) => {
      const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `block line ${String(line + 1)}: ${diagnosticText(diagnostic)}`;
    });
    const outsideNames = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        // `{ messages }` names the property; the variable behind it is what the block leans on.
        const symbol = ts.isShorthandPropertyAssignment(node.parent)
          ? checker.getShorthandAssignmentValueSymbol(node.parent)
          : checker.getSymbolAtLocation(node);
        // A name the block declares without defining (`declare`).
        const outside = symbol?.declarations?.some(
          (declaration) =>
            declaration.getSourceFile() === sourceFile &&
            (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Ambient) !== 0,
        );
        if (outside === true) outsideNames.add(node.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    const runnable = join(folder, `run-${String(index)}.ts`);
    writeFileSync(runnable, `${runnableSource(block.source)}\nexport {};\n`);
    checked.set(block, { errors, outsideNames: [...outsideNames], runnable });
  });

  server = await startStrictServer();
  setHttpRequestImpl(routeToStrictServer(server));
  Object.assign(globalThis, {
    server,
    baseURL: server.baseURL,
    lang: Lang.openaiLike({ baseURL: server.baseURL, apiKey: 'test', model: 'gpt-4o-mini' }),
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs a block on a reset server, with the prelude's routing back in place. */
async function run(runnable: string): Promise<void> {
  if (!server) throw new Error('the strict server did not start');
  server.reset();
  setHttpRequestImpl(routeToStrictServer(server));
  const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await import(runnable);
  } finally {
    quiet.mockRestore();
  }
}

describe('the TypeScript blocks of README.md and docs/*.md', () => {
  it('are found in the README: the quick start and one per job (validate and repair share one)', () => {
    expect(blocks.filter((block) => block.document === 'README.md').length).toBeGreaterThanOrEqual(
      5,
    );
  });

  for (const block of blocks) {
    const marked = NOT_RUN.test(block.source);
    it(`${block.where} type-checks${marked ? ' (marked not run)' : ', and runs'}`, async () => {
      const entry = checked.get(block);
      if (entry === undefined) throw new Error(`${block.where} was not checked`);
      expect(entry.errors, `${block.where}:\n${block.source}`).toEqual([]);
      expect(entry.outsideNames, `${block.where} uses names the prelude does not declare`).toEqual(
        [],
      );
      if (marked) return;
      await run(entry.runnable);
    });
  }

  it('are almost all run: few blocks are marked not run', () => {
    const marked = blocks.filter((block) => NOT_RUN.test(block.source));
    expect(marked.length).toBeLessThanOrEqual(2);
  });

  it('keep the README short enough to read in one sitting', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(
      251,
    );
  });

  it('hold the quick start verbatim: README shows examples/quick-start.ts as it is', () => {
    const quickStart = readFileSync(join(root, 'examples/quick-start.ts'), 'utf8');
    expect(
      blocks.filter((block) => block.source === quickStart).map((block) => block.where),
    ).toEqual([expect.stringMatching(/^README\.md:/)]);
  });
});
