import { expect, test } from 'vitest';
import { TsciRun } from '../../server/resolver/tsci-run.js';

test('a run that prints thousands of lines and fails gives a bounded tail as its reason, the last line kept', async () => {
  const run = new TsciRun({
    command: ['bash', '-c', 'for i in $(seq 1 5000); do echo "progress line $i"; done; echo "error: the last words"; exit 1'],
    cwd: process.cwd(),
    env: { ...process.env, TERM: 'xterm-256color' } as Record<string, string>,
    stepTimeoutMs: 30_000,
  });
  try {
    const event = await run.next();
    expect(event).toMatchObject({ kind: 'exit', exit: { exitCode: 1 } });
    const reason = run.drawnSinceInput();
    expect(reason.split('\n').length).toBeLessThanOrEqual(41);
    expect(reason).toContain('error: the last words');
    expect(reason).toMatch(/earlier lines left out/);
  } finally {
    await run.kill();
  }
});
