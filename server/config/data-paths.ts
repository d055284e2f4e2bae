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
    /** Held while one process starts the hub, so two racing processes end with one hub. */
    startLock: join(dir, 'hub.start.lock'),
    /** Held by the running hub for its whole life: at most one hub per data directory. */
    hubLock: join(dir, 'hub.lock'),
    store: join(dir, 'store.json'),
    log: join(dir, 'gatehouse.log'),
  };
}
export type DataPaths = ReturnType<typeof dataPaths>;
