import { spawn } from 'node:child_process';
import { cliLauncher } from '../../server/package-info.js';

export interface CliRun {
  /** Resolves with the exit code once the process has exited and its output is read. */
  code: Promise<number>;
  stdout: () => string;
  stderr: () => string;
}

/** Runs the built `gatehouse` CLI (bin/gatehouse.js) with `env`, collecting its output. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, opts: { cwd?: string } = {}): CliRun {
  const child = spawn(process.execPath, [cliLauncher, ...args], { env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return { code: new Promise((r) => child.on('close', (c) => r(c ?? -1))), stdout: () => stdout, stderr: () => stderr };
}

/** Waits until `predicate` holds, checking every 20 ms (no time limit of its own: the test timeout bounds it). */
export async function until(predicate: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await predicate())) await new Promise((r) => setTimeout(r, 20));
}
