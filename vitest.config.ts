import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // every test checks games afresh; test/cli/validate-cache.test.ts turns the kept results on where it tests them
    env: { RULES_VALIDATE_CACHE: 'off' },
  },
});
