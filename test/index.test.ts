import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as root from '../src/index.js';
import * as testing from '../src/testing/index.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the root entry (aiwrapper-tool-calls)', () => {
  it('exports exactly the 20 runtime names of the API contract', () => {
    expect(Object.keys(root).sort()).toEqual(
      [
        // validate
        'validateHistory',
        'assertValidHistory',
        // repair
        'repairHistory',
        'restoreIds',
        'UNKNOWN_TOOL_NAME',
        // convert and formats
        'convertHistory',
        'fromMcpResult',
        'MESSAGE_FORMATS',
        // ids and placeholders
        'createCallId',
        'isPlaceholderResult',
        // errors
        'ToolHistoryError',
        'isToolHistoryError',
        'InvalidHistoryError',
        'UnsupportedFormatError',
        'StreamAccumulationError',
        // trim and pairs
        'trimHistory',
        'pairToolCalls',
        // streaming
        'createToolCallAccumulator',
        'accumulateSSE',
        // view
        'renderHistoryHtml',
      ].sort(),
    );
  });
});

describe('the testing entry (aiwrapper-tool-calls/testing)', () => {
  it('carries the strict server, its router and the one error-body builder', () => {
    expect(Object.keys(testing).sort()).toEqual(
      ['startStrictServer', 'routeToStrictServer', 'errorBodyFor'].sort(),
    );
  });
});

const ENTRIES = [
  'src/index.ts',
  'src/aiwrapper/index.ts',
  'src/testing/index.ts',
  'src/register.ts',
];

interface ExportedName {
  readonly name: string;
  readonly runtime: boolean;
  readonly documented: boolean;
}

/** Each entry's exported names, resolved through re-exports, from one TypeScript program. */
function entryExports(): Map<string, ExportedName[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(projectRoot, 'tsconfig.json'),
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram(
    ENTRIES.map((entry) => join(projectRoot, entry)),
    config.options,
  );
  const checker = program.getTypeChecker();
  const exports = new Map<string, ExportedName[]>();
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(join(projectRoot, entry));
    const module = file && checker.getSymbolAtLocation(file);
    if (!file) throw new Error(`${entry} is not in the program`);
    const names = (module ? checker.getExportsOfModule(module) : []).map((alias) => {
      const symbol = alias.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(alias) : alias;
      return {
        name: alias.name,
        runtime: (symbol.flags & ts.SymbolFlags.Value) !== 0,
        documented: symbol.getDocumentationComment(checker).length > 0,
      };
    });
    exports.set(entry, names);
  }
  return exports;
}

describe('every name the entries export', () => {
  let exports: ReturnType<typeof entryExports>;
  beforeAll(() => {
    exports = entryExports();
  }, 60_000);

  it('has TSDoc at its declaration', () => {
    const undocumented = [...exports].flatMap(([entry, names]) =>
      names.filter((name) => !name.documented).map((name) => `${entry}: ${name.name}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('holds at most 20 runtime names at the root and 90 names across the entries', () => {
    const root = exports.get('src/index.ts') ?? [];
    expect(root.filter((name) => name.runtime).length).toBeGreaterThan(0);
    expect(root.filter((name) => name.runtime).length).toBeLessThanOrEqual(20);
    const total = [...exports.values()].reduce((sum, names) => sum + names.length, 0);
    expect(total).toBeGreaterThan(root.length);
    expect(total).toBeLessThanOrEqual(90);
  });

  it('gives `/register` no names: importing it installs the helpers', () => {
    expect(exports.get('src/register.ts')).toEqual([]);
  });
});
