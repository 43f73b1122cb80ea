/**
 * The package as it ships: the benches time the compiled `dist/` through its public entry points
 * (`npm run bench` builds it first). Types come from the sources `dist/` is compiled from.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

async function load(path: string): Promise<unknown> {
  const entry = fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
  if (!existsSync(entry))
    throw new Error(
      `The benches time the built package, but ${entry} is missing: run \`npm run build\`.`,
    );
  return import(pathToFileURL(entry).href);
}

/** The root entry `aiwrapper-tool-calls`. */
export const shipped = (await load('index.js')) as typeof import('../src/index.js');

/** The entry `aiwrapper-tool-calls/aiwrapper`. */
export const shippedAiwrapper = (await load(
  'aiwrapper/index.js',
)) as typeof import('../src/aiwrapper/index.js');
