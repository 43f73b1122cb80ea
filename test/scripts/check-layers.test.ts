import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/check-layers.mjs', import.meta.url));
let root: string | undefined;

/** Writes `files` (path -> source) under a fresh src/ and runs the check on it. */
function check(files: Readonly<Record<string, string>>): { status: number; output: string } {
  root = mkdtempSync(join(tmpdir(), 'check-layers-'));
  for (const [path, source] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, source);
  }
  try {
    const output = execFileSync('node', [script, root], { encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { status: failed.status, output: failed.stderr };
  }
}

afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('scripts/check-layers.mjs', () => {
  it('passes when dependencies point down', () => {
    const result = check({
      'errors/a.ts': 'export const a = 1;\n',
      'core/b.ts': "import { a } from '../errors/a.js';\nexport const b = a;\n",
      'formats/x/c.ts': "import { b } from '../../core/b.js';\nexport const c = b;\n",
      'validate/d.ts': "import { c } from '../formats/x/c.js';\nexport const d = c;\n",
    });
    expect(result.status).toBe(0);
  });

  it('fails on an upward import from core/', () => {
    const result = check({
      'core/b.ts': "import { d } from '../validate/d.js';\nexport const b = d;\n",
      'validate/d.ts': 'export const d = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'core/b.ts imports validate/d.ts: core/ may import only errors',
    );
  });

  it('fails on a cycle between folders, naming an import of each edge', () => {
    const result = check({
      'trim/a.ts': "import type { B } from '../pairs/b.js';\nexport type A = B;\n",
      'pairs/b.ts': "import { a } from '../trim/c.js';\nexport type B = typeof a;\n",
      'trim/c.ts': 'export const a = 1;\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('folder cycle: pairs, trim');
    expect(result.output).toContain('pairs -> trim (pairs/b.ts imports trim/c.ts)');
  });

  it('fails on a cycle between provider folders', () => {
    const result = check({
      'formats/p/a.ts': "import { b } from '../q/b.js';\nexport const a = b;\n",
      'formats/q/b.ts': "export { a as b } from '../p/a.js';\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('folder cycle: formats/p, formats/q');
  });
});
