import { dataDir, dataPaths } from '../../config/data-paths.js';
import { readCredential } from '../../discovery/credential.js';
import { hubBaseUrl, readHubState, type HubState } from '../../discovery/hub-state-file.js';
import { HubClient } from '../../hub-client/hub-client.js';
import { isAlive } from '../../platform/process-alive.js';
import type { InteractionSummary } from '../../../shared/interactions.js';

export interface PendingCounts {
  /** Active interactions by kind (choice, resolve, task). */
  active: Record<string, number>;
  /** Of those, how many wait on a person now. */
  waiting_on_person: number;
  /** Of the active choices, how many lost the agent that asked (its MCP client closed): an answer reaches no one now. */
  agent_gone: number;
}

export interface HubStatus {
  data_dir: string;
  /** running: answers on its port; stale: hub.json names a process that is gone or does not answer; stopped: no hub.json. */
  state: 'running' | 'stale' | 'stopped';
  pid: number | null;
  url: string | null;
  port: number | null;
  hub_version: string | null;
  started_at: string | null;
  pending: PendingCounts | null;
  /** A running hub that cannot save (its data directory or sessions/ is read-only, immutable, another user's, full): why, with the fix; null when it can. */
  degraded: string[] | null;
  /** The running hub's permission policy (its /api/health): file, rule count, and each parse error as file:line:column: message. */
  policy: { file: string; rules: number; errors: string[]; broken: boolean; last_valid: { file: string; saved_at: string } | null } | null;
  /** Live agent keys of paired machines (null when the hub does not run). */
  agent_keys: number | null;
  /** The certificate fingerprint the hub serves TLS with (null: plain HTTP on loopback). */
  tls_fingerprint: string | null;
}

/** Looks at the hub of the data dir in `env` without changing anything (no credential or folder is created). */
export async function readHubStatus(env: NodeJS.ProcessEnv = process.env): Promise<{ status: HubStatus; client: HubClient | null; hubState: HubState | null }> {
  const paths = dataPaths(dataDir(env));
  const hubState = await readHubState(paths.hubState);
  const status: HubStatus = { data_dir: paths.dir, state: 'stopped', pid: null, url: null, port: null, hub_version: null, started_at: null, pending: null, degraded: null, policy: null, agent_keys: null, tls_fingerprint: null };
  if (!hubState) return { status, client: null, hubState };
  Object.assign(status, { state: 'stale', pid: hubState.pid, url: hubBaseUrl(hubState), port: hubState.port, hub_version: hubState.version, started_at: hubState.started_at });
  const token = await readCredential(paths.credential);
  const client = token && isAlive(hubState.pid) ? new HubClient(hubBaseUrl(hubState), token, paths.dir, { fingerprint: hubState.tls_fingerprint }) : null;
  const health = client ? await client.request<{ ok?: boolean; name?: string; status?: string; problems?: string[]; policy?: { file: string; rules: number; errors: string[]; broken?: boolean; last_valid?: { file: string; saved_at: string } | null } }>('GET', '/api/health', undefined, { signal: AbortSignal.timeout(1500) }).catch(() => null) : null;
  if (!client || health?.ok !== true || health.name !== 'gatehouse') return { status, client: null, hubState };
  status.state = 'running';
  status.tls_fingerprint = hubState.tls_fingerprint ?? null;
  const paired = await client.request<{ keys: Array<{ state: string }> }>('GET', '/api/agent-keys').catch(() => null);
  status.agent_keys = paired ? paired.keys.filter((k) => k.state === 'live').length : null;
  status.degraded = health.status === 'degraded' ? (health.problems ?? []) : null;
  status.policy = health.policy ? { file: health.policy.file, rules: health.policy.rules, errors: health.policy.errors, broken: health.policy.broken ?? health.policy.errors.length > 0, last_valid: health.policy.last_valid ?? null } : null;
  const { interactions } = await client.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
  const active: Record<string, number> = { choice: 0, resolve: 0, task: 0 };
  for (const item of interactions) active[item.kind] = (active[item.kind] ?? 0) + 1;
  status.pending = { active, waiting_on_person: interactions.filter((i) => i.waiting_on === 'person').length, agent_gone: interactions.filter((i) => i.agent_gone_at).length };
  return { status, client, hubState };
}
