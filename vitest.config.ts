/**
 * The test runs (README, "Tests"):
 *  - `npm test` (what CI runs first): every test file once, in the default compiler mode, as
 *    three projects: `unit` (the quick lane's folders), `shared` (every other file: a new folder
 *    lands here without being listed) and `isolated` (files that mock modules);
 *  - `npm run test:quick`: the type check and the `unit` project;
 *  - `npm run test:compilers` (RULES_TEST_COMPILERS=both; CI runs it second): every test file
 *    that can compile a program in its own process (test/compiler-tests.ts), each program on both
 *    compilers in lockstep (test/codegen/both-setup.ts), but those of SAME_ON_BOTH.
 * Files share their module graph with the files run before them in the same worker
 * (`isolate: false`): the engine is imported once per worker, not once per file (32 → 13 s of CPU
 * for the unit folders). A file that mocks modules (vi.mock) runs in a graph of its own.
 * Time limits: test/limits.ts (vitest's 60 s per test, stretched by the machine factor).
 */
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { compilerTests } from './test/compiler-tests.ts';
import { cpuSpeedFactor } from './test/limits.ts';

const ROOT = import.meta.dirname;

// measured once per run, handed to the test processes (test/limits.ts)
process.env['RULES_TEST_CPU_SPEED'] ??= cpuSpeedFactor().toFixed(2);

/** the quick lane (`npm run test:quick`): the unit folders and the conformance scenarios, which
 *  run in-process and in seconds */
const UNIT = ['loader', 'expr', 'dsl', 'effects', 'spaces', 'stats', 'model', 'corpus', 'conformance'].map((d) => `test/${d}/**/*.test.ts`);

/** files with a module graph of their own: they replace modules (vi.mock) that the files around
 *  them would otherwise get, or count what a fresh graph does */
const ISOLATED = ['test/hostile/missing-seed.test.ts', 'test/site/load-once.test.ts'];

/**
 * Test files that load the compiler but never compile a program in their own process with the
 * mode left to RULES_CODEGEN, so the compilers run would only repeat them (each with why). Every
 * other file that loads the compiler runs there, new folders included.
 */
const SAME_ON_BOTH: Record<string, string> = {
  'test/site/load-once.test.ts': 'counts the compiles of a site build with a mock of its own',
  'test/site/port.test.ts': 'port numbers of the dev server, no game',
  'test/codegen/oracle.test.ts': 'compiles each game both ways itself and compares them state by state',
  'test/codegen/blocks.test.ts': 'compiles both ways itself (twins) and compares them',
  'test/codegen/replay-across.test.ts': 'compiles both ways itself (twins) and compares them',
  'test/codegen/tiered.test.ts': 'compiles tiered, eager and off itself and compares them',
  'test/expr/shared-calls.test.ts': 'compiles both ways itself (twins), with and without shared calls',
};

const base = { extends: true as const };
const both = process.env['RULES_TEST_COMPILERS'] === 'both';

export default defineConfig({
  test: {
    // one worker per core (vitest's default leaves one core free: on CI's two cores, one worker)
    maxWorkers: availableParallelism(),
    // (no `include` here: each project has its own, and a project's lists add to the root's)
    setupFiles: ['test/limits-setup.ts'],
    // every test checks games afresh; test/cli/validate-cache.test.ts turns the kept results on where it tests them
    env: { RULES_VALIDATE_CACHE: 'off' },
    projects: both
      ? [
          {
            ...base,
            test: {
              name: 'compilers',
              include: compilerTests(ROOT).filter((f) => !(f in SAME_ON_BOTH)),
              setupFiles: ['test/codegen/both-setup.ts'],
              // the processes the tests start generate code from the first game on
              env: { RULES_CODEGEN: 'eager' },
              isolate: false,
            },
          },
        ]
      : [
          { ...base, test: { name: 'unit', include: UNIT, exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
          { ...base, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...UNIT, ...ISOLATED], isolate: false } },
          { ...base, test: { name: 'isolated', include: ISOLATED } },
        ],
  },
});
