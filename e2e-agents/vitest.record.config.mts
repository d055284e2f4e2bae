// Re-records the real CLIs' screens (test/fixtures/agent-screens/) and edit-tool hook inputs (test/fixtures/
// hook-inputs/). Not part of npm test: the recordings are fixtures, re-made by hand when a pinned version changes.
// See test/agents/record-screens.ts and test/agents/record-edit-inputs.ts.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/agents/record-screens.ts', 'test/agents/record-edit-inputs.ts', 'test/agents/record-claude-rules.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
