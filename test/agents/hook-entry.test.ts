// The hook process an agent CLI runs (the command line hookCommandLine builds: node + dist/cli/gatehouse-hook.cjs),
// fed the CLI's hook JSON on stdin as the CLI would: it asks the person through a real hub and prints the CLI's
// answer; with no hub (none started, or hub.json naming a port nobody listens on) it prints nothing, which leaves
// the decision to the CLI's own dialog. `gatehouse hook` through the launcher is the same program.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { hookCommandLine } from '../../server/agents/hook-command-line.js';
import { cliLauncher } from '../../server/package-info.js';
import { makeTempHome, startTestHub, type TestHub } from '../support/test-hub.js';

const INPUT = JSON.stringify({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, cwd: '/tmp' });

interface HookExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the hook as the agent CLI would: the command line through a shell, the hook JSON on stdin. */
function runHook(commandLine: string, home: string, env: NodeJS.ProcessEnv = {}): { exit: Promise<HookExit> } {
  const child = spawn('/bin/sh', ['-c', commandLine], { env: { ...process.env, ...env, GATEHOUSE_HOME: home } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(INPUT);
  return { exit: new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr }))) };
}

async function pendingQuestion(hub: TestHub): Promise<string> {
  for (;;) {
    const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
    const row = interactions.find((i) => i.kind === 'choice' && i.status === 'pending');
    if (row) return row.id;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the hook process with a running hub', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(async () => {
    await hub.stop();
  });

  it("prints Claude Code's allow for the person's Yes, and runs from its own bundle", async () => {
    const commandLine = hookCommandLine('claude', 'PermissionRequest', 30);
    expect(commandLine).toMatch(/dist\/cli\/gatehouse-hook\.cjs" claude PermissionRequest --wait 30$/);
    const run = runHook(commandLine, hub.home);
    const id = await pendingQuestion(hub);
    const { session } = await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`);
    expect(session.request.prompt).toContain('rm -rf build');
    await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: ['yes'], interface: 'api' });
    const exit = await run.exit;
    expect(exit.code).toBe(0);
    expect(JSON.parse(exit.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
  });

  it("prints a deny with the person's words for No, through `gatehouse hook` too", async () => {
    const run = runHook(`${JSON.stringify(process.execPath)} ${JSON.stringify(cliLauncher)} hook codex PermissionRequest --wait 30`, hub.home);
    const id = await pendingQuestion(hub);
    await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: ['no'], global_annotation: 'not the build dir', interface: 'api' });
    const exit = await run.exit;
    expect(exit.code).toBe(0);
    const decision = JSON.parse(exit.stdout).hookSpecificOutput.decision;
    expect(decision.behavior).toBe('deny');
    expect(decision.message).toContain('not the build dir');
  });
});

describe('the hook process with no hub', () => {
  it('prints nothing (the CLI asks itself) when no hub ever ran, and says why', async () => {
    const home = await makeTempHome('gatehouse-nohub-');
    const exit = await runHook(hookCommandLine('claude', 'PermissionRequest', 30), home).exit;
    expect(exit).toMatchObject({ code: 0, stdout: '' });
    expect(exit.stderr).toContain('no gatehouse hub is running');
    expect(exit.stderr).toContain('Claude Code asks itself');
  });

  it('prints nothing when hub.json names a port nobody listens on (a hub that died)', async () => {
    const home = await makeTempHome('gatehouse-deadhub-');
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
    writeFileSync(join(home, 'credential'), 'x'.repeat(32), { mode: 0o600 });
    writeFileSync(join(home, 'hub.json'), JSON.stringify({ pid: 1, host: '127.0.0.1', port, version: '0', started_at: '' }));
    const exit = await runHook(hookCommandLine('codex', 'PermissionRequest', 30), home).exit;
    expect(exit).toMatchObject({ code: 0, stdout: '' });
    expect(exit.stderr).toMatch(/ECONNREFUSED.*Codex asks itself/);
  });

  it('prints nothing, without trying its port, when the process hub.json names is gone', async () => {
    const home = await makeTempHome('gatehouse-deadhub-');
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(home, 'credential'), 'x'.repeat(32), { mode: 0o600 });
    writeFileSync(join(home, 'hub.json'), JSON.stringify({ pid: gone.pid, host: '127.0.0.1', port: 9, version: '0', started_at: '' }));
    const exit = await runHook(hookCommandLine('claude', 'PermissionRequest', 30), home).exit;
    expect(exit).toMatchObject({ code: 0, stdout: '' });
    expect(exit.stderr).toContain('no gatehouse hub is running');
  });

  it("starts and answers whatever the CLI's environment gives node: NODE_OPTIONS and NODE_EXTRA_CA_CERTS are not the hook's", async () => {
    const home = await makeTempHome('gatehouse-nohub-');
    // Given to node itself, each would show: a --require that does not exist stops node before any code runs; a CA
    // file that cannot be read is a warning on stderr (and a readable one costs ~40 ms of parsing at every start).
    const env = { NODE_OPTIONS: `--require ${join(home, 'missing-preload.cjs')}`, NODE_EXTRA_CA_CERTS: join(home, 'missing-ca.pem') };
    const exit = await runHook(hookCommandLine('gemini', 'BeforeTool', 30), home, env).exit;
    expect(exit).toMatchObject({ code: 0, stdout: '{"decision":"ask"}\n' });
    expect(exit.stderr).toContain('no gatehouse hub is running');
    expect(exit.stderr).not.toContain('missing-');
  });

  it('refuses a bad --wait with exit 1 (a non-blocking hook error: the CLI still asks the person)', async () => {
    const home = await makeTempHome('gatehouse-nohub-');
    const exit = await runHook(`${hookCommandLine('claude', 'PermissionRequest')} --wait soon`, home).exit;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('--wait: expected a number of seconds > 0, got "soon"');
  });
});
