import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { sourceLabel } from '../../shared/choice/gate-source.js';
import { createI18n } from '../../shared/i18n/index.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import { choiceUrl } from '../hub/handoff.js';
import { HubRequestError, type HubClient } from '../hub-client/hub-client.js';
import type { ChoiceEffect } from './choice-state.js';
import { answeringFor } from './answering.js';
import { DeadlineClock } from './countdown.js';
import type { HubLive } from './hub-live.js';
import type { Key } from './keys.js';
import { renderChoice } from './render-choice.js';
import { handleSettingsKey, renderSettings, type SettingsEffect } from './settings-panel.js';
import type { TerminalIo } from './terminal-io.js';
import { terminalTranslate, type Translate } from './translate.js';

export type ChooseOutcome =
  | { kind: 'ended'; session: ChoiceSessionView; here: boolean }
  | { kind: 'switched_web'; url: string }
  | { kind: 'moved'; to: string }
  | { kind: 'detached'; sessionId: string }
  | { kind: 'hub_lost' };

export interface ChooseScreenOptions {
  hub: HubClient;
  live: HubLive;
  term: TerminalIo;
  sessionId: string;
  /** Resolves once the live connection is up (the screen draws before, and waits for it after). */
  connected?: Promise<void>;
}

type Handoff = { session: ChoiceSessionView; url: string; terminal_command: string };
const DRAFT_DELAY_MS = 250;

/** Shows one choice session in the terminal until it is answered, cancelled, timed out, moved or left. */
export async function runChooseScreen({ hub, live, term, sessionId, connected = Promise.resolve() }: ChooseScreenOptions): Promise<ChooseOutcome> {
  const path = `/api/sessions/${encodeURIComponent(sessionId)}`;
  const [first, settingsReply] = await Promise.all([hub.request<Handoff>('GET', path), hub.request<{ settings: EffectiveSettings }>('GET', '/api/settings')]);
  let session = first.session;
  if (session.status !== 'pending') return { kind: 'ended', session, here: false };
  if (session.interface === 'web') session = (await hub.request<Handoff>('POST', `${path}/interface`, { interface: 'terminal' })).session;
  let settings = settingsReply.settings;
  let t: Translate = terminalTranslate(await createI18n(settings.effective_language));
  const request = session.request;
  const clock = new DeadlineClock(Date.parse(session.deadline_at));
  clock.calibrate(Date.parse(session.deadline_at), session.remaining_ms);
  const answering = answeringFor(request, session.draft);
  let screen: 'choice' | 'settings' = 'choice';
  let settingsRow = 0;
  let settingsNote: string | null = null;
  let scroll = 0;
  let manualScroll: number | null = 0; // start at the top of the prompt; moving the cursor follows it
  let bodyRoom = 10;
  let busy = false;
  /** Our own submit/cancel/switch is under way: its reply, not the broadcast, ends the screen. */
  let ending = false;

  return new Promise<ChooseOutcome>((resolve) => {
    let done = false;
    let draftTimer: NodeJS.Timeout | null = null;
    const render = () => {
      if (done) return;
      const size = { width: term.width, height: term.height };
      if (screen === 'settings') {
        term.draw(renderSettings({ row: settingsRow, settings, remainingMs: clock.remainingMs(), t, note: settingsNote, ...size }));
        return;
      }
      const out = renderChoice({
        ...answering.view(), t, scroll, manualScroll, ...size,
        createdAt: new Date(session.created_at),
        sourceLine: sourceLabel(session.source),
        agentGoneAt: session.agent_gone_at,
        permissionView: session.permission_view,
        remainingMs: clock.remainingMs(),
        annotationsEnabled: settings.annotations_enabled,
        navigationHints: settings.terminal.navigation_hints,
        submitMode: settings.submit_mode,
      });
      scroll = out.scroll;
      bodyRoom = Math.max(1, size.height - 8);
      if (manualScroll !== null) manualScroll = out.scroll;
      term.draw(out.lines);
    };
    const saveDraft = async () => {
      if (draftTimer) clearTimeout(draftTimer);
      draftTimer = null;
      await hub.request('PUT', `${path}/draft`, answering.draft()).catch(() => undefined);
    };
    const finish = (outcome: ChooseOutcome) => {
      if (done) return;
      done = true;
      clearInterval(repaint);
      if (draftTimer) clearTimeout(draftTimer);
      term.onKey(null);
      term.onResizeEvent(null);
      live.off('session', onSession).off('settings', onSettings).off('lost', onLost);
      live.follow([]);
      resolve(outcome);
    };
    const fail = (err: unknown) => {
      ending = false;
      if (err instanceof HubRequestError && err.status === 409) {
        const ended = (err.body as { session?: ChoiceSessionView } | undefined)?.session;
        if (ended) return finish({ kind: 'ended', session: ended, here: false });
      }
      const detail = err instanceof HubRequestError && err.problems.length ? err.problems.map((p) => `${p.field}: ${p.message}`).join('; ') : (err as Error).message;
      answering.setMessage({ key: 'message.hubError', params: { detail }, tone: 'error' });
      render();
    };

    const onChoiceEffect = async (effect: ChoiceEffect) => {
      switch (effect.type) {
        case 'submit': {
          ending = true;
          const body = { ...answering.submitBody(settings.annotations_enabled), interface: 'terminal' };
          const answered = await hub.request<Handoff>('POST', `${path}/submit`, body);
          return finish({ kind: 'ended', session: answered.session, here: true });
        }
        case 'cancel': {
          ending = true;
          const cancelled = await hub.request<Handoff>('POST', `${path}/cancel`, { global_annotation: effect.note, interface: 'terminal' });
          return finish({ kind: 'ended', session: cancelled.session, here: true });
        }
        case 'settings':
          screen = 'settings';
          settingsNote = null;
          return render();
        case 'switch_web':
          return switchToWeb();
        case 'detach':
          await saveDraft();
          return finish({ kind: 'detached', sessionId });
      }
    };
    const switchToWeb = async () => {
      ending = true;
      await saveDraft();
      await hub.request<Handoff>('POST', `${path}/interface`, { interface: 'web' });
      // The terminal UI is the person's own: the browser gets the whole portal, not the gate link an agent gets.
      finish({ kind: 'switched_web', url: choiceUrl(hub.baseUrl, hub.token, sessionId) });
    };
    const onSettingsEffect = async (effect: SettingsEffect) => {
      switch (effect.type) {
        case 'patch': {
          const before = settings.effective_language;
          settings = (await hub.request<{ settings: EffectiveSettings }>('PUT', '/api/settings', effect.patch)).settings;
          if (settings.effective_language !== before) t = terminalTranslate(await createI18n(settings.effective_language));
          settingsNote = t('settings.saved');
          return render();
        }
        case 'extend': {
          const moved = await hub.request<Handoff>('POST', `${path}/deadline`, { timeout_seconds: effect.seconds });
          clock.calibrate(Date.parse(moved.session.deadline_at), moved.session.remaining_ms);
          settingsNote = t('settings.deadlineMoved');
          return render();
        }
        case 'switch_web':
          return switchToWeb();
        case 'back':
          screen = 'choice';
          return render();
        case 'detach':
          await saveDraft();
          return finish({ kind: 'detached', sessionId });
      }
    };
    // Keys typed while the hub is being asked something wait their turn instead of being dropped.
    const queue: Key[] = [];
    const onKey = (key: Key) => {
      queue.push(key);
      pump();
    };
    const pump = () => {
      while (!done && !busy && queue.length) handleKey(queue.shift()!);
    };
    const settle = () => {
      busy = false;
      pump();
    };
    const handleKey = (key: Key) => {
      if (screen === 'settings') {
        const step = handleSettingsKey(settingsRow, key, settings, clock.remainingMs());
        settingsRow = step.row;
        if (!step.effect) return render();
        busy = true;
        void onSettingsEffect(step.effect).catch(fail).finally(settle);
        return;
      }
      if (key.name === 'pageup' || key.name === 'pagedown') {
        manualScroll = Math.max(0, (manualScroll ?? scroll) + (key.name === 'pageup' ? -bodyRoom : bodyRoom));
        return render();
      }
      const step = answering.key(key, { submitMode: settings.submit_mode, annotationsEnabled: settings.annotations_enabled });
      if (step.moved) manualScroll = null; // the view follows the current option again
      if (step.changed) {
        if (draftTimer) clearTimeout(draftTimer);
        draftTimer = setTimeout(() => void saveDraft(), DRAFT_DELAY_MS);
      }
      render();
      if (!step.effect) return;
      busy = true;
      void onChoiceEffect(step.effect).catch(fail).finally(settle);
    };
    const onSession = (view: ChoiceSessionView) => {
      if (view.id !== sessionId || ending) return; // our own submit/cancel/switch finishes through its reply
      session = view;
      if (view.status !== 'pending') return finish({ kind: 'ended', session: view, here: false });
      if (view.interface === 'web') return finish({ kind: 'moved', to: 'web' });
      clock.calibrate(Date.parse(view.deadline_at), view.remaining_ms);
      render();
    };
    const onSettings = async (next: EffectiveSettings) => {
      const before = settings.effective_language;
      settings = next;
      if (next.effective_language !== before) t = terminalTranslate(await createI18n(next.effective_language));
      render();
    };
    const onLost = () => finish({ kind: 'hub_lost' });

    live.on('session', onSession).on('settings', onSettings).on('lost', onLost);
    // The hub sends this session now and on every change (a moved deadline re-calibrates the clock).
    live.follow([sessionId]);
    term.onKey(onKey);
    term.onResizeEvent(render);
    const repaint = setInterval(render, 1000);
    render();
    connected.catch(() => finish({ kind: 'hub_lost' }));
  });
}
