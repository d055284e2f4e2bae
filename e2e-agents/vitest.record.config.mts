// Re-records the real CLIs' screens (test/fixtures/agent-screens/) and hook inputs (test/fixtures/hook-inputs/: the
// edit tools', and the one before every tool call). Not part of npm test: the recordings are fixtures, re-made by
// hand when a pinned version changes. See test/agents/record-screens.ts, record-edit-inputs.ts, record-call-inputs.ts.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/agents/record-screens.ts', 'test/agents/record-edit-inputs.ts', 'test/agents/record-call-inputs.ts', 'test/agents/record-claude-rules.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
