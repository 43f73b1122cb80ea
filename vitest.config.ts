import { defineConfig, type ViteUserConfig } from 'vitest/config';

// `npm run test:long` sets TEST_LONG=1: the *.long.test.ts files join in and properties run
// more often (test/setup/fast-check.ts). `npm test` leaves both out.
const LONG = process.env.TEST_LONG === '1';
const LONG_FILES = LONG ? [] : ['test/**/*.long.test.ts'];

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

// The aiwrapper tests that share one module graph per worker, as the unit tests do (a fresh graph
// per file costs about 1 s of CPU): each either patches nothing, or patches only what runToolLoop
// and withProviderErrors install for good (idempotent, inert for a plain chat() but for
// rethrowing a ProviderError) and restores the request function it set. None of them asserts
// aiwrapper's unpatched behaviour; a file that does stays isolated.
const AIWRAPPER_SHARED = [
  'lang-messages-tool-calls.property.test.ts',
  'lang-messages-tool-calls.test.ts',
  'loop/error-result-flags.test.ts',
  'loop/loop-request.edits.test.ts',
  'loop/pending-tool-calls.test.ts',
  'loop/run-tool-loop.arguments.test.ts',
  'loop/tool-loop.providers.test.ts',
  'loop/tool-run-start.property.test.ts',
  'repair-lang-messages.property.test.ts',
  'repair-lang-messages.test.ts',
  'sent-tool-calls.test.ts',
  'synthesize-tool-calls.property.test.ts',
  'synthesize-tool-calls.test.ts',
].map((file) => `test/aiwrapper/${file}`);

const config: ViteUserConfig = defineConfig({
  test: {
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: LONG ? 600_000 : 30_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...ISOLATED, ...LONG_FILES],
          // Every other file only calls pure functions, so the files of one worker share one
          // module graph instead of importing src/ afresh per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'aiwrapper',
          include: AIWRAPPER_SHARED,
          exclude: LONG_FILES,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          exclude: [...AIWRAPPER_SHARED, ...LONG_FILES],
        },
      },
      {
        extends: true,
        test: {
          name: 'types',
          // Only the *.test-d.ts files and what they import: `npm run typecheck` checks the rest.
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.test-d.json',
          },
        },
      },
    ],
  },
});

export default config;
