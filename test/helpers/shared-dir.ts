import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The real validators (chat templates, recorded provider streams) live in ../shared, beside the
// checkout: /work/shared next to /work/main, and in CI. A clone on its own has no such folder;
// the tests that need it skip there, with a printed reason, so `npm test` still passes.
// CI sets REQUIRE_SHARED=1 so that a missing folder fails there instead of skipping quietly.

/** The `shared` folder beside the repository. */
export const SHARED_DIR: URL = new URL('../../../shared/', import.meta.url);

const noted = new Set<string>();

/**
 * Whether `../shared/<folder>` exists. When it does not, prints once per folder why the tests
 * that need it are skipped, or throws when `REQUIRE_SHARED=1` (CI).
 *
 * @example
 * describe.skipIf(!hasShared('chat-templates'))('against the chat templates', () => { … });
 */
export function hasShared(folder: string): boolean {
  const url = new URL(`${folder}/`, SHARED_DIR);
  if (existsSync(url)) return true;
  const path = fileURLToPath(url);
  if (process.env.REQUIRE_SHARED === '1') {
    throw new Error(
      `REQUIRE_SHARED=1 but ${path} does not exist: check out shared/ beside the repository`,
    );
  }
  if (!noted.has(folder)) {
    noted.add(folder);
    console.warn(
      `Skipping the tests that need ${path}: it is absent (it sits beside the repository in CI). Set REQUIRE_SHARED=1 to make this an error.`,
    );
  }
  return false;
}
