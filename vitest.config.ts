import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Test files that change global state: installToolCalls / src/register patch aiwrapper's
// prototypes, and the examples and docs run code that does. Each of these gets a fresh module
// graph (vitest's default isolation). A new test that patches globals, uses vi.mock or relies on
// fresh module state (a counter, a cache) belongs here too.
const ISOLATED = [
  'test/aiwrapper/**/*.test.ts',
  'test/examples/**/*.test.ts',
  'test/docs/**/*.test.ts',
  'test/matrix/**/*.test.ts',
];

const config: ViteUserConfig = defineConfig({
  test: {
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // Every other file only calls pure functions, so the files of one worker share one module
          // graph: importing src/ afresh per file cost about 85% of `npm test`'s CPU time on 2 cores.
          isolate: false,
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

export default config;
