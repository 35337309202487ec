/**
 * Set up before every test file (vitest.config.ts): the time limits of tests and hooks that name
 * none are vitest's 60 s stretched by the machine factor as the file starts (test/limits.ts).
 */
import { vi } from 'vitest';
import { DEFAULT_HOOK_MS, DEFAULT_TEST_MS, limit } from './limits.ts';

vi.setConfig({ testTimeout: limit(DEFAULT_TEST_MS), hookTimeout: limit(DEFAULT_HOOK_MS) });
