import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { createI18n } from '../../shared/i18n/index.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import type { HubClient } from '../hub-client/hub-client.js';
import { openBrowser } from '../platform/open-browser.js';
import { runChooseScreen, type ChooseOutcome } from './choose-screen.js';
import { HubLive } from './hub-live.js';
import { exitCodeForOutcome, summariseOutcome } from './outcome-summary.js';
import { TerminalIo, type TerminalStreams } from './terminal-io.js';
import { terminalTranslate, type Translate } from './translate.js';

export interface TerminalAnswer {
  outcome: ChooseOutcome;
  exitCode: number;
  /** What to tell the person, in their language, once the terminal is back to normal. */
  summary: string[];
}

export async function currentTranslate(hub: HubClient): Promise<Translate> {
  const { settings } = await hub.request<{ settings: EffectiveSettings }>('GET', '/api/settings');
  return terminalTranslate(await createI18n(settings.effective_language));
}

/**
 * Opens one session in the terminal UI, restores the terminal whatever happens, and (after a switch to web)
 * opens the browser on the same session.
 */
export async function answerInTerminal(hub: HubClient, sessionId: string, streams: TerminalStreams, shared?: { term: TerminalIo; live: HubLive }): Promise<TerminalAnswer> {
  const term = shared?.term ?? new TerminalIo(streams);
  const live = shared?.live ?? new HubLive(hub);
  let outcome: ChooseOutcome;
  try {
    const connected = shared ? Promise.resolve() : live.connect();
    connected.catch(() => undefined);
    term.start();
    outcome = await runChooseScreen({ hub, live, term, sessionId, connected });
  } finally {
    if (!shared) {
      term.stop();
      live.close();
    }
  }
  if (outcome.kind === 'switched_web') await openBrowser(outcome.url);
  let t: Translate;
  let command = '';
  try {
    t = await currentTranslate(hub);
    command = (await hub.request<{ session: ChoiceSessionView; terminal_command: string }>('GET', `/api/sessions/${encodeURIComponent(sessionId)}`)).terminal_command;
  } catch {
    t = terminalTranslate(await createI18n('en'));
  }
  return { outcome, exitCode: exitCodeForOutcome(outcome), summary: summariseOutcome(outcome, t, command) };
}
