// A "remote" machine for pairing tests: its own empty data directory and HOME, and nothing of the person's hub but
// the connect string `gatehouse pair` printed (saved there by a real `gatehouse connect`).
import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { hookCommandLine } from '../../server/agents/hook-command-line.js';
import { runCli } from './run-cli.js';
import { makeTempHome, testEnv, type TestHub } from './test-hub.js';

export interface PairedRemote {
  home: string;
  env: NodeJS.ProcessEnv;
  connect: string;
  /** The files in the remote's data directory (only remote-hub.json, if it never started a hub of its own). */
  files(): Promise<string[]>;
  dispose(): Promise<void>;
}

/** `gatehouse pair` on the person's side with `args`: its exit code, stdout (the connect string) and stderr. */
export async function pair(hub: TestHub, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = runCli(['pair', ...args], hub.env);
  return { code: await run.code, stdout: run.stdout().trim(), stderr: run.stderr() };
}

/** An environment for a machine of its own: no GATEHOUSE_PORT or hub of the person's in it. */
export async function remoteEnv(extra: NodeJS.ProcessEnv = {}): Promise<{ home: string; env: NodeJS.ProcessEnv }> {
  const home = await makeTempHome('gatehouse-remote-');
  const env = testEnv(home, { HOME: home, XDG_CONFIG_HOME: `${home}/.config`, ...extra });
  delete env.GATEHOUSE_PORT;
  return { home, env };
}

/** Pairs a new remote named `name` with `hub` (gatehouse pair, then gatehouse connect there). */
export async function pairRemote(hub: TestHub, name: string, pairArgs: string[] = []): Promise<PairedRemote> {
  const made = await pair(hub, ['--name', name, ...pairArgs]);
  if (made.code !== 0) throw new Error(`gatehouse pair failed (${made.code}): ${made.stderr}`);
  const { home, env } = await remoteEnv();
  const connected = runCli(['connect', made.stdout], env);
  if ((await connected.code) !== 0) throw new Error(`gatehouse connect failed: ${connected.stderr()}`);
  return {
    home,
    env,
    connect: made.stdout,
    files: async () => (await readdir(home)).filter((f) => !f.startsWith('.')).sort(),
    dispose: () => rm(home, { recursive: true, force: true }),
  };
}

/** The agent key inside a connect string. */
export const keyOf = (connect: string) => new URL(connect.replace(/^gatehouse\+/, '')).searchParams.get('key')!;

export const HOOK_INPUT = { hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'npm run migrate' }, cwd: '/srv/api-server' };

/** Runs `gatehouse hook claude PermissionRequest` as Claude Code would, in `env`, the hook JSON on stdin. */
export function runClaudeHook(env: NodeJS.ProcessEnv, waitSeconds = 60): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('/bin/sh', ['-c', hookCommandLine('claude', 'PermissionRequest', waitSeconds)], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(JSON.stringify(HOOK_INPUT));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export { freePort } from './e2e/free-port.js';
