// What a test run says when suites that need an installed real program could not run. Plain JS so both vitest's
// global set-up and `npm test`'s posttest (node test/support/untested-note.mjs) use the one text.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** The real tscircuit CLI, installed into e2e-tsci/ by `bash .ci/install-tsci.sh` (npm test's pretest runs it). */
export const REAL_TSCI_CLI = root('e2e-tsci/node_modules/tscircuit/cli.mjs');

/** The pinned agent CLIs, installed into e2e-agents/ by `bash .ci/install-agents.sh` (npm test's pretest runs it). */
export const AGENT_CLIS = ['@anthropic-ai/claude-code', '@openai/codex', '@google/gemini-cli', '@qwen-code/qwen-code'].map((pkg) =>
  root(`e2e-agents/node_modules/${pkg}/package.json`),
);

/** The closing lines a run prints for each group of suites that was skipped; null when everything was installed. */
export function untestedNote() {
  const lines = [];
  if (!existsSync(REAL_TSCI_CLI)) {
    lines.push(
      'NOT TESTED: the real-tsci suites (test/resolver/real-tsci-resolve.test.ts and "real tsci in a PTY" in',
      'test/resolver/fake-tsci-pty-smoke.test.ts) were skipped: tsci is not installed in e2e-tsci/.',
      'Install it (~650 MB, once; npm test tries this itself first) with:  bash .ci/install-tsci.sh',
    );
  }
  if (!AGENT_CLIS.every((file) => existsSync(file))) {
    lines.push(
      'NOT TESTED: the real agent CLI suites (test/agents/: Claude Code, Codex, Gemini CLI, Qwen Code) were skipped:',
      'the pinned CLIs are not installed in e2e-agents/.',
      'Install them (~800 MB, once; npm test tries this itself first) with:  bash .ci/install-agents.sh',
    );
  }
  return lines.length ? lines.join('\n') : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const note = untestedNote();
  if (note) console.log(`\n${note}`);
}
