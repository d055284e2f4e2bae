// Which hub a paired machine's agents use: GATEHOUSE_HUB (+ GATEHOUSE_AGENT_KEY, GATEHOUSE_HUB_FINGERPRINT), else
// what `gatehouse connect` saved in the data directory (remote-hub.json, 0600). With either, `gatehouse mcp`, `hook`
// and `ask` talk to that hub and never start one of their own.
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { dataDir, dataPaths } from '../config/data-paths.js';
import { checkTarget, parseConnectString, type ConnectTarget } from './connect-string.js';

export interface RemoteHub extends ConnectTarget {
  /** Where it was configured: "GATEHOUSE_HUB" or the saved file's path. */
  from: string;
}

/** The paired hub configured for this machine, or null (then the local hub of the data directory is used). */
export async function remoteHub(env: NodeJS.ProcessEnv = process.env): Promise<RemoteHub | null> {
  const fromEnv = env.GATEHOUSE_HUB?.trim();
  if (fromEnv) {
    if (fromEnv.startsWith('gatehouse+')) return { ...parseConnectString(fromEnv, env), from: 'GATEHOUSE_HUB' };
    if (!env.GATEHOUSE_AGENT_KEY) throw new Error('GATEHOUSE_HUB is set but GATEHOUSE_AGENT_KEY is not: give the agent key `gatehouse pair` made (or put the whole connect string in GATEHOUSE_HUB)');
    return { ...checkTarget(fromEnv, env.GATEHOUSE_AGENT_KEY.trim(), env.GATEHOUSE_HUB_FINGERPRINT?.trim() || null, 'GATEHOUSE_HUB', env), from: 'GATEHOUSE_HUB' };
  }
  const file = dataPaths(dataDir(env)).remoteHub;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const saved = JSON.parse(text) as { connect?: unknown };
    if (typeof saved.connect !== 'string') throw new Error('it has no "connect" string');
    return { ...parseConnectString(saved.connect, env), from: file };
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}; run \`gatehouse connect <string>\` again, or remove the file to use a hub on this machine`);
  }
}

/** Saves a connect string for this data directory (0600; the key in it is a secret). Returns the file. */
export async function saveRemoteHub(env: NodeJS.ProcessEnv, connect: string): Promise<string> {
  const paths = dataPaths(dataDir(env));
  await mkdir(paths.dir, { recursive: true, mode: 0o700 });
  await unlink(paths.remoteHub).catch(() => undefined); // a file of another mode is not reused
  const handle = await open(paths.remoteHub, 'wx', 0o600);
  await handle.writeFile(`${JSON.stringify({ connect: connect.trim(), saved_at: new Date().toISOString() }, null, 2)}\n`);
  await handle.close();
  return paths.remoteHub;
}

/** Forgets the saved hub (`gatehouse connect --forget`): this machine's agents use a hub of their own again. */
export async function forgetRemoteHub(env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    await unlink(dataPaths(dataDir(env)).remoteHub);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
