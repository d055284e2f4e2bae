import { dataDir } from '../config/data-paths.js';
import { cliLauncher } from '../package-info.js';

/** The portal URL of a choice session, carrying the credential a browser needs. */
export function choiceUrl(baseUrl: string, token: string, sessionId: string): string {
  return `${baseUrl}/choice/${encodeURIComponent(sessionId)}?token=${encodeURIComponent(token)}`;
}

/** The portal root, with the credential. */
export function portalUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/?token=${encodeURIComponent(token)}`;
}

const quote = (s: string) => (/^[\w./:@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * A copy-paste command that opens the terminal UI for a session from any directory: absolute paths to node
 * and the launcher, and GATEHOUSE_HOME when the hub does not use the default data directory.
 */
export function terminalCommand(sessionId: string, hubDataDir: string): string {
  const defaultDir = dataDir({ ...process.env, GATEHOUSE_HOME: undefined });
  const envPrefix = hubDataDir === defaultDir ? '' : `GATEHOUSE_HOME=${quote(hubDataDir)} `;
  return `${envPrefix}${quote(process.execPath)} ${quote(cliLauncher)} choose ${quote(sessionId)}`;
}
