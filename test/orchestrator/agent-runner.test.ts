import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdapterRegistry } from '../../server/orchestrator/adapters/adapter-registry.js';
import { AgentRunner } from '../../server/orchestrator/terminal/agent-runner.js';
import { stripAnsi } from '../../server/orchestrator/terminal/ansi.js';
import { groupAlive } from '../../server/pty/index.js';
import { until } from '../support/run-cli.js';

describe('AgentRunner', () => {
  it('keeps a shell in a persistent TTY, writes text to it, emits its output, and stops it', async () => {
    const bash = AdapterRegistry.load(mkdtempSync(join(tmpdir(), 'gatehouse-runner-'))).get('bash')!;
    const runner = new AgentRunner(bash);
    let output = '';
    runner.on('output', (data) => (output += data));
    const firstWait = new Promise((resolve) => runner.once('wait', resolve));
    runner.start();
    await firstWait;
    expect(runner.running).toBe(true);
    const echoed = new Promise<void>((resolve) => runner.on('output', () => stripAnsi(output).includes('\nsum=5') && resolve()));
    await runner.send('echo sum=$((2+3))');
    await echoed;
    await runner.send('cd /tmp && echo again');
    // The screen is parsed after the raw output arrives: wait for the screen itself (as a person would look at it).
    await until(() => runner.screen().split('\n').some((line) => line.trim() === 'again'));
    expect(runner.screen()).toContain('gatehouse$ echo sum=$((2+3))');
    const pid = runner.pid!;
    await runner.stop();
    expect(runner.running).toBe(false);
    expect(groupAlive(pid)).toBe(false);
  });
});
