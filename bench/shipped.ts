/**
 * The package as it ships: the benches time the compiled `dist/` (run `npm run build` first; `npm
 * run bench` does), not the TypeScript sources, which tsx transforms on the fly with wrappers of
 * its own. Types come from the sources, which `dist/` is compiled from.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
if (!existsSync(entry))
  throw new Error(
    `The benches time the built package, but ${entry} is missing: run \`npm run build\` first.`,
  );

/** The public API of the built package. */
export const shipped = (await import(
  pathToFileURL(entry).href
)) as typeof import('../src/index.js');
