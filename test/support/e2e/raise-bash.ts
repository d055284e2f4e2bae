import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InteractionSummary } from '../../../shared/interactions.js';
import type { TestHub } from '../test-hub.js';

/** A project directory (a git checkout named `api`) in a new temp directory. */
export function tempProject(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'gatehouse-e2e-')), 'api');
  mkdirSync(join(dir, '.git'), { recursive: true });
  return dir;
}

export interface RaisedBash {
  id: string;
  /** The hook's answer, as `gatehouse hook claude PermissionRequest` gets it (still pending if the test ends first). */
  decided: Promise<{ decision: string; decided_by: { kind: string; via?: string; option?: string } }>;
}

/**
 * Raises a Bash permission request through the hook route (as `gatehouse hook claude PermissionRequest` does) and
 * returns once its gate is pending: commands the risk grade calls medium or high, which the default policy puts to the
 * person (a low one it may allow alone).
 */
export async function raiseBash(hub: TestHub, command: string, cwd = tempProject()): Promise<RaisedBash> {
  const active = () => hub.client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
  const before = new Set((await active()).interactions.map((i) => i.id));
  const decided: RaisedBash['decided'] = hub.client.request('POST', '/api/hooks/claude/permission', {
    input: { session_id: 'agent-session-1', tool_name: 'Bash', tool_input: { command }, cwd },
    wait_seconds: 120,
  });
  decided.catch(() => undefined); // may still be pending when the test ends and the hub stops
  for (;;) {
    const row = (await active()).interactions.find((i) => i.kind === 'choice' && i.status === 'pending' && !before.has(i.id));
    if (row) return { id: row.id, decided };
    await new Promise((r) => setTimeout(r, 50));
  }
}
