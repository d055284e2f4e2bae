import { readFile, rename, unlink, writeFile } from 'node:fs/promises';

/** What a running hub writes to <data dir>/hub.json so other processes can find it. */
export interface HubState {
  pid: number;
  host: string;
  port: number;
  version: string;
  started_at: string;
  /** Set when the hub serves TLS: its certificate's SHA-256 fingerprint (hex), which local clients pin. */
  tls_fingerprint?: string | null;
}

export async function readHubState(file: string): Promise<HubState | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as HubState;
    return typeof value.port === 'number' && typeof value.pid === 'number' ? value : null;
  } catch {
    return null;
  }
}

export async function writeHubState(file: string, state: HubState): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(state, null, 2), { mode: 0o600 });
  await rename(temp, file);
}

/** Removes the state file only if it still describes this process (another hub may have replaced it). */
export async function removeHubState(file: string, pid = process.pid): Promise<void> {
  const state = await readHubState(file);
  if (state?.pid === pid) await unlink(file).catch(() => undefined);
}

export function hubBaseUrl(state: Pick<HubState, 'host' | 'port' | 'tls_fingerprint'>): string {
  const host = state.host.includes(':') ? `[${state.host}]` : state.host;
  return `${state.tls_fingerprint ? 'https' : 'http'}://${host}:${state.port}`;
}
