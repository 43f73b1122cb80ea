// The TypeScript blocks of README.md and docs/*.md, checked as a user would paste them: each
// block becomes a file under .scratch/ (gitignored, inside the project, so tsconfig's `paths`
// resolve `aiwrapper-tool-calls` to src/), one TypeScript program type-checks them all, and the
// blocks that need nothing from outside run.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The outside variables snippets lean on, declared for the type checker only. A block that uses
 * none of them is self-contained, and runs.
 */
const PRELUDE = `
import type { LangMessages, LangResult, ToolRequest, ToolResult, LanguageProvider } from 'aiwrapper';
import type { AnthropicMessage, GeminiContent, OpenAIChatMessage } from 'aiwrapper-tool-calls';

declare global {
  const baseURL: string;
  const apiKey: string;
  const model: string;
  const max_tokens: number;
  const headers: Record<string, string>;
  const request: unknown;
  const input: unknown[];
  // The SDK clients, reduced to what the streaming snippets call: the official SDKs' types would
  // double the program (their conformance is type-tested elsewhere).
  const openai: {
    chat: { completions: { create(request: object): Promise<AsyncIterable<unknown>> } };
    responses: { create(request: object): Promise<AsyncIterable<unknown>> };
  };
  const anthropic: { messages: { stream(request: object): AsyncIterable<unknown> } };
  const lang: LanguageProvider;
  const weatherTools: { name: string; description: string; parameters: Record<string, unknown> }[];
  /** A conversation in aiwrapper's shape (a LangMessages is an array too). */
  const messages: LangMessages;
  const langMessages: LangMessages;
  const chatMessages: OpenAIChatMessage[];
  const conversation: OpenAIChatMessage[];
  const anthropicMessages: AnthropicMessage[];
  const geminiContents: GeminiContent[];
  const chatTools: object[];
  const responsesTools: object[];
  const anthropicTools: object[];
  const body: { messages: AnthropicMessage[] };
  const stream: AsyncIterable<unknown>;
  let result: LangResult;
  let tools: { name: string; description: string; parameters: Record<string, unknown> }[];
  function runTools(calls: readonly ToolRequest[]): Promise<ToolResult[]>;
  function render(...parts: unknown[]): void;
  function preview(partialArguments: unknown): void;
  function showSpinner(name: string): void;
  function renderToolBlock(name: string, args: unknown, status: string, content: unknown): void;
}
export {};
`;

interface CodeBlock {
  /** `README.md:42`: the file and the line of the opening fence. */
  readonly where: string;
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

function codeBlocksOf(path: string): CodeBlock[] {
  const text = readFileSync(join(root, path), 'utf8');
  const blocks: CodeBlock[] = [];
  for (const match of text.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)) {
    const line = text.slice(0, match.index).split('\n').length;
    blocks.push({ where: `${path}:${line}`, source: match[1] ?? '' });
  }
  return blocks;
}

const blocks = documents.flatMap(codeBlocksOf);

// Where the package's own specifiers point when a block runs (vitest does not read tsconfig's
// `paths`); the type check resolves them through `paths`, as a user's editor would.
const entryFiles: Readonly<Record<string, string>> = {
  'aiwrapper-tool-calls': 'src/index.ts',
  'aiwrapper-tool-calls/aiwrapper': 'src/aiwrapper/index.ts',
  'aiwrapper-tool-calls/testing': 'src/testing/index.ts',
  'aiwrapper-tool-calls/register': 'src/register.ts',
};

interface Checked {
  readonly errors: readonly string[];
  readonly selfContained: boolean;
  readonly runnable: string;
}

const scratch = join(root, '.scratch');
let folder = '';
const checked = new Map<CodeBlock, Checked>();

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  folder = mkdtempSync(join(scratch, 'code-blocks-'));
  const prelude = join(folder, 'prelude.ts');
  writeFileSync(prelude, PRELUDE);
  const files = blocks.map((block, index) => {
    const file = join(folder, `block-${index}.ts`);
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
  const program = ts.createProgram([prelude, ...files], config.options);
  const checker = program.getTypeChecker();
  const preludeFile = program.getSourceFile(prelude);
  if (!preludeFile) throw new Error('the prelude is not in the program');
  const preludeErrors = program.getSemanticDiagnostics(preludeFile);
  if (preludeErrors.length > 0)
    throw new Error(
      `The prelude does not type-check: ${preludeErrors.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')).join('; ')}`,
    );
  blocks.forEach((block, index) => {
    const file = files[index] ?? '';
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) throw new Error(`${block.where}: not in the program`);
    const errors = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...program.getSemanticDiagnostics(sourceFile),
    ].map((diagnostic) => {
      const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `block line ${line + 1}: ${text}`;
    });
    let selfContained = true;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        // `{ messages }` names the property; the variable behind it is what the block leans on.
        const symbol = ts.isShorthandPropertyAssignment(node.parent)
          ? checker.getShorthandAssignmentValueSymbol(node.parent)
          : checker.getSymbolAtLocation(node);
        const declarations = symbol?.declarations ?? [];
        if (declarations.some((declaration) => declaration.getSourceFile() === preludeFile))
          selfContained = false;
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    const runnable = join(folder, `run-${index}.ts`);
    writeFileSync(
      runnable,
      `${block.source.replace(
        /from '(aiwrapper-tool-calls(?:\/[a-z]+)?)'|import '(aiwrapper-tool-calls\/register)'/g,
        (whole, from?: string, bare?: string) => {
          const target = entryFiles[from ?? bare ?? ''];
          if (target === undefined) return whole;
          const path = JSON.stringify(join(root, target));
          return from === undefined ? `import ${path}` : `from ${path}`;
        },
      )}\nexport {};\n`,
    );
    checked.set(block, { errors, selfContained, runnable });
  });
}, 60_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the TypeScript blocks of README.md and docs/*.md', () => {
  it('are found in every document that has them', () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(new Set(blocks.map((block) => block.where.split(':')[0]))).toEqual(
      // cli.md holds shell sessions, providers.md and performance.md tables, architecture.md diagrams.
      new Set(
        documents.filter(
          (path) =>
            ![
              'docs/cli.md',
              'docs/providers.md',
              'docs/performance.md',
              'docs/architecture.md',
            ].includes(path),
        ),
      ),
    );
  });

  for (const block of blocks) {
    it(`${block.where} type-checks, and runs when self-contained`, async () => {
      const { errors, selfContained, runnable } = checked.get(block) ?? {};
      if (errors === undefined) throw new Error(`${block.where} was not checked`);
      expect(errors, `${block.where}:\n${block.source}`).toEqual([]);
      if (selfContained !== true || runnable === undefined) return;
      const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        await import(runnable);
      } finally {
        quiet.mockRestore();
      }
    });
  }

  it('runs some blocks: the self-contained ones', () => {
    const ran = blocks.filter((block) => {
      const entry = checked.get(block);
      return entry?.selfContained === true && entry.errors.length === 0;
    });
    // The strict-server loop, the error-body builder, validation, the add-missing-calls preset
    // and the repair walk-through, among others.
    expect(ran.length).toBeGreaterThanOrEqual(6);
    expect(ran.map((block) => block.where)).toContainEqual(expect.stringMatching(/^README\.md:/));
  });
});
