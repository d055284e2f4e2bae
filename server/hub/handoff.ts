import { dataDir } from '../config/data-paths.js';
import { cliLauncher } from '../package-info.js';
import { gateCapability } from './gate-capability.js';

/** The query parameter of a gate link that carries its capability. */
export const GATE_PARAM = 'gate';

/**
 * The link to a choice session handed to whoever asked (the agent's result, `gatehouse ask`, Telegram, the notify
 * webhook): it carries a capability for that gate only, never the hub's credential.
 */
export function gateLink(baseUrl: string, token: string, sessionId: string): string {
  return `${baseUrl}/choice/${encodeURIComponent(sessionId)}?${GATE_PARAM}=${gateCapability(token, sessionId)}`;
}

/** The portal URL of a choice session with the hub's credential: the person's own entry points only (demo, terminal UI). */
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
