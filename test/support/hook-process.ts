// The real hook process as an agent CLI runs it — the command line `gatehouse hooks install` writes, through
// /bin/sh, the CLI's hook JSON on stdin — and the gates it raises in a real hub, for the hook tests.
import { spawn } from 'node:child_process';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { hookCommandLine } from '../../server/agents/hook-command-line.js';
import type { TestHub } from './test-hub.js';

export interface HookExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `gatehouse hook <agent> <event>` as installed, against the hub whose environment is given. */
export function runHookProcess(env: NodeJS.ProcessEnv, agent: string, event: string, input: object, wait = 30): Promise<HookExit> {
  const child = spawn('/bin/sh', ['-c', hookCommandLine(agent, event, wait)], { env: { ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(JSON.stringify(input));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** The hub's choice gates (pending and settled). */
export async function hubGates(hub: TestHub): Promise<InteractionSummary[]> {
  const { interactions } = await hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=all');
  return interactions.filter((i) => i.kind === 'choice');
}

/** Waits for a pending gate and returns it. */
export async function pendingHubGate(hub: TestHub): Promise<ChoiceSessionView> {
  for (;;) {
    const row = (await hubGates(hub)).find((i) => i.status === 'pending');
    if (row) return (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${row.id}`)).session;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function answerHubGate(hub: TestHub, id: string, option: string): Promise<void> {
  await hub.client.request('POST', `/api/sessions/${id}/submit`, { selected_ids: [option], interface: 'api' });
}

/** Waits for a pending gate not in `seen`, adds its id to `seen` and returns it (for tests that raise several). */
export async function nextPendingGateId(hub: TestHub, seen: Set<string>): Promise<string> {
  for (;;) {
    const row = (await hubGates(hub)).find((i) => i.status === 'pending' && !seen.has(i.id));
    if (row) {
      seen.add(row.id);
      return row.id;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
