// The methods and chat options `register` installs are typed only where it is imported: each
// fixture is type-checked in a program of its own (one program would share the augmentation).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function errorsOf(fixture: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const file = join(root, 'test/types/fixtures', fixture);
  const program = ts.createProgram([file], config.options);
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${fixture}: not in the program`);
  return [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ].map((diagnostic) => {
    const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${fixture}:${String(line + 1)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

describe('the register augmentation', () => {
  it('is absent without the register import: every @ts-expect-error line is an error', () => {
    // An unused @ts-expect-error is itself an error, so an empty list proves each line fails.
    expect(errorsOf('without-register.ts')).toEqual([]);
  }, 60_000);

  it('is present with it', () => {
    expect(errorsOf('with-register.ts')).toEqual([]);
  }, 60_000);
});
