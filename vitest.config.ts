import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // A private TMPDIR per run, removed at the end; prints what was not tested (real tsci missing).
    globalSetup: ['test/support/vitest-global-setup.mjs'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
