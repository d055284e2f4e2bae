import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./untested-note.mjs', import.meta.url));

describe("npm test's closing note on suites that need installed programs", () => {
  it('names what was not tested and the one command that installs it, when e2e-tsci/ and e2e-agents/ are empty', () => {
    const clone = mkdtempSync(join(tmpdir(), 'gatehouse-clone-'));
    try {
      mkdirSync(join(clone, 'test', 'support'), { recursive: true });
      copyFileSync(SCRIPT, join(clone, 'test', 'support', 'untested-note.mjs'));
      const out = execFileSync(process.execPath, [join(clone, 'test', 'support', 'untested-note.mjs')], { encoding: 'utf8' });
      expect(out).toContain('NOT TESTED: the real-tsci suites');
      expect(out).toContain('bash .ci/install-tsci.sh');
      expect(out).toContain('NOT TESTED: the real agent CLI suites');
      expect(out).toContain('bash .ci/install-agents.sh');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
