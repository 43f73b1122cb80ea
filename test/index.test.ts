import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';
import * as testing from '../src/testing/index.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the root entry (aiwrapper-tool-calls)', () => {
  it('exports exactly the 24 runtime names of the API contract', () => {
    expect(Object.keys(root).sort()).toEqual(
      [
        // validate
        'validateHistory',
        'assertValidHistory',
        // repair
        'repairHistory',
        'restoreIds',
        'PROVIDER_PROFILES',
        'DEFAULT_MISSING_RESULT_TEXTS',
        'UNKNOWN_TOOL_NAME',
        // convert and formats
        'convertHistory',
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
        'estimateTokens',
        'pairToolCalls',
        // streaming
        'createToolCallAccumulator',
        'accumulateSSE',
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

describe('every name the entries export', () => {
  it('has TSDoc at its declaration', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(projectRoot, 'tsconfig.json'),
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (!config) throw new Error('tsconfig.json could not be read');
    const entries = ['src/index.ts', 'src/testing/index.ts', 'src/aiwrapper/index.ts'];
    const program = ts.createProgram(
      entries.map((entry) => join(projectRoot, entry)),
      config.options,
    );
    const checker = program.getTypeChecker();
    const undocumented = entries.flatMap((entry) => {
      const file = program.getSourceFile(join(projectRoot, entry));
      const module = file && checker.getSymbolAtLocation(file);
      if (!module) throw new Error(`${entry} is not a module`);
      return checker
        .getExportsOfModule(module)
        .filter((symbol) => {
          const target =
            symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          return target.getDocumentationComment(checker).length === 0;
        })
        .map((symbol) => `${entry}: ${symbol.name}`);
    });
    expect(undocumented).toEqual([]);
  }, 60_000);
});
