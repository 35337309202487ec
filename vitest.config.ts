import { defineConfig } from 'vitest/config';
import { cpuSpeedFactor } from './test/limits.ts';

// measured once per run, handed to the test processes (test/limits.ts)
process.env['RULES_TEST_CPU_SPEED'] ??= cpuSpeedFactor().toFixed(2);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // vitest's 60 s per test and hook, stretched by the machine factor (test/limits.ts)
    setupFiles: ['test/limits-setup.ts'],
    // every test checks games afresh; test/cli/validate-cache.test.ts turns the kept results on where it tests them
    env: { RULES_VALIDATE_CACHE: 'off' },
  },
});
