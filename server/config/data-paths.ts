import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where gatehouse keeps its data: GATEHOUSE_HOME, else $XDG_DATA_HOME/gatehouse, else ~/.local/share/gatehouse. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GATEHOUSE_HOME) return env.GATEHOUSE_HOME;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'gatehouse');
  return join(homedir(), '.local', 'share', 'gatehouse');
}

/** Every file the hub and its clients share, inside the data directory. */
export function dataPaths(dir: string) {
  return {
    dir,
    /** The hub's credential (0600): Bearer token for clients, ?token= for browsers. */
    credential: join(dir, 'credential'),
    /** Written by the running hub: pid, port, host, version. */
    hubState: join(dir, 'hub.json'),
    /** Written by a hub that failed to start (pid, message), so the client that started it can tell the agent why. */
    startError: join(dir, 'hub.start-error.json'),
    /** Held while one process starts the hub, so two racing processes end with one hub. */
    startLock: join(dir, 'hub.start.lock'),
    /** Held by the running hub for its whole life: at most one hub per data directory. */
    hubLock: join(dir, 'hub.lock'),
    /** One file per choice session (<id>.json), each written durably on every change. */
    sessions: join(dir, 'sessions'),
    /** One file per resolve task (<id>.json): its summary, so a task outlives a hub restart as failed, not unknown. */
    resolveTasks: join(dir, 'resolve-tasks'),
    /** The persisted settings. */
    settings: join(dir, 'settings.json'),
    /** Records and files the hub could not load, kept for the person to look at (never deleted). */
    setAside: join(dir, 'set-aside'),
    /** The store of versions before 0.2 (one JSON file); migrated into sessions/ and settings.json on start. */
    legacyStore: join(dir, 'store.json'),
    log: join(dir, 'gatehouse.log'),
    /** The record of every permission request, one JSON object a line, appended and fsynced (issue 21). */
    permissionLog: join(dir, 'permissions.jsonl'),
    /** The agent keys of paired machines, hashed (0600): `gatehouse pair`, `gatehouse keys`. */
    agentKeys: join(dir, 'agent-keys.json'),
    /** The hub's self-signed TLS certificate and its private key (0600), made on first use off loopback. */
    tlsCert: join(dir, 'tls-cert.pem'),
    tlsKey: join(dir, 'tls-key.pem'),
    /** On a paired machine: the person's hub this machine's agents use (`gatehouse connect`, 0600). */
    remoteHub: join(dir, 'remote-hub.json'),
    /** Telegram channel settings saved through the API, token included (0600). */
    telegramSettings: join(dir, 'telegram.json'),
    /** Which Telegram message shows which gate, so taps and edits survive a hub restart. */
    telegramMessages: join(dir, 'telegram-messages.json'),
    /** ntfy channel settings saved through the API, access tokens included (0600). */
    ntfySettings: join(dir, 'ntfy.json'),
    /** The key the ntfy answer buttons' capabilities are signed with (0600; never leaves the hub). */
    ntfyReplyKey: join(dir, 'ntfy-reply-key'),
  };
}
export type DataPaths = ReturnType<typeof dataPaths>;
