import open from 'open';
import { canOpenBrowser } from './browser-availability.js';

/**
 * Opens `url` in the default browser when one can be opened here. Returns false (and opens nothing) over SSH,
 * without a display, or when GATEHOUSE_NO_BROWSER=1 — the caller then shows the URL instead.
 */
export async function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!canOpenBrowser(env)) return false;
  try {
    const child = await open(url, { wait: false });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}

/** One line for people on a remote machine: how to reach the hub's port from their own browser. */
export function sshForwardHint(port: number): string {
  return `Over SSH? Forward the port first: ssh -L ${port}:127.0.0.1:${port} <this host>, then open the URL locally.`;
}
