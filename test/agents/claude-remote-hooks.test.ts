// The real Claude Code on a "remote" machine: its own HOME and data directory, gatehouse's hook installed there with
// `gatehouse hooks install`, and nothing of the person's hub but the connect string `gatehouse pair` printed. Its
// permission requests reach the person's hub labelled with the machine; the person's No and Yes come back.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliLauncher } from '../../server/package-info.js';
import { sourceLabel } from '../../shared/choice/gate-source.js';
import type { AgentLaunch } from '../support/model-standins/agent-setups.js';
import { COMMAND, fileExists, PROMPT, skipUnlessInstalled, startHookRun, type HookRun } from '../support/agent-hook-run.js';

let run: HookRun | null = null;
afterEach(async () => {
  await run?.close();
  run = null;
});

const gatehouse = (args: string[], env: NodeJS.ProcessEnv) => execFileSync(process.execPath, [cliLauncher, ...args], { env }).toString();

/** Pairs the run's machine with the person's hub, then makes it a machine of its own: its data dir under its own HOME. */
function pairedMachine(launch: AgentLaunch) {
  const personHome = launch.env.GATEHOUSE_HOME!;
  const connect = gatehouse(['pair', '--name', 'devbox'], { ...process.env, GATEHOUSE_HOME: personHome, GATEHOUSE_NO_BROWSER: '1' }).trim();
  delete launch.env.GATEHOUSE_HOME; // its own: $XDG_DATA_HOME/gatehouse inside the throw-away HOME
  gatehouse(['connect', connect], launch.env);
  gatehouse(['hooks', 'install', 'claude', '--yes'], launch.env);
}

const remoteDataDir = (launch: AgentLaunch) => join(launch.env.XDG_DATA_HOME!, 'gatehouse');

describe.skipIf(skipUnlessInstalled('claude'))('Claude Code on a paired machine → the person\'s hub', () => {
  it("a person's No: nothing runs there, and the model is told why", async () => {
    run = await startHookRun('claude', { hub: true, configure: pairedMachine });
    expect(readFileSync(join(run.launch.home, '.claude/settings.json'), 'utf8')).toContain('PermissionRequest');
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.request.prompt).toContain(COMMAND);
    expect(question.source?.machine).toBe('devbox');
    expect(sourceLabel(question.source)).toMatch(/^Claude Code · .* · devbox$/);
    await run.answer(question.id, 'no');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0]).toMatchObject({ isError: true });
    expect(seen.toolResults[0].output).toContain('The person said No through gatehouse.');
    expect(fileExists(run.madeFile)).toBe(false);
  });

  it("a person's Yes: the command runs there; the machine never started a hub of its own", async () => {
    run = await startHookRun('claude', { hub: true, configure: pairedMachine });
    await run.cli.waitFor('? for shortcuts');
    await run.cli.submit(PROMPT);
    const question = await run.pendingQuestion();
    expect(question.source?.machine).toBe('devbox');
    await run.answer(question.id, 'yes');
    const seen = await run.standin.waitFor((r) => r.conversation && r.toolResults.length > 0, 'the tool result came back');
    expect(seen.toolResults[0].isError).toBe(false);
    expect(readFileSync(run.madeFile, 'utf8')).toBe('hello-from-standin\n');
    const files = readdirSync(remoteDataDir(run.launch));
    expect(files).toContain('remote-hub.json');
    for (const file of ['hub.json', 'credential', 'sessions']) expect(files).not.toContain(file);
    expect(existsSync(join(run.hub!.home, 'agent-keys.json'))).toBe(true);
  });
});
