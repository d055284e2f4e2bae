import { useEffect, useRef } from 'preact/hooks';
import { i18n, t, withStrings } from '../config/i18n.js';
import { Countdown } from '../live/Countdown.js';
import { DeadlineControl } from '../live/DeadlineControl.js';
import { intlLocale, relativeAge } from '../list/relative-age.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { ChoiceForm } from './ChoiceForm.js';
import { lazyView } from '../layout/lazy-view.js';
import { TerminalSwitch } from './TerminalSwitch.js';
import { ChoiceSource } from './ChoiceSource.js';
import { promptBelowTitle } from '../../shared/choice/prompt-body.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';

// Both bring their strings when the page's catalog lacks them (a gate that ends while shown; see page-catalog.ts).
const FinalState = lazyView(() => withStrings('portal:final.heading', import('./FinalState.js')).then((m) => m.FinalState));
// Only gates with several questions need this form: its code is not part of every choice page's first load.
const QuestionsForm = lazyView(() => withStrings('portal:questions.keys', import('./QuestionsForm.js')).then((m) => m.QuestionsForm));
// A permission gate: what it would do (a diff, a command's parts, an MCP call) and its answer buttons, one chunk
// only such gates load (a plain question's first load does not carry it).
const PermissionGate = lazyView(() => withStrings('portal:permission.heading', import('../permission/PermissionGate.js')).then((m) => m.PermissionGate));

/** /choice/:id — the question, live countdown and answer form while pending; the final state once over. */
export function ChoicePage() {
  const { store, boot } = useServices();
  const session = useStore(store, (s) => (boot.session_id ? s.sessions[boot.session_id] : undefined));
  const heading = useRef<HTMLHeadingElement>(null);
  // The page opens on the question (not on the header and the list): a screen reader reads it, Tab goes on from it.
  // Not when the person is already in the form: the hub's first HTML can be used before the bundle takes it over.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus({ preventScroll: true });
  }, []);
  if (!session) {
    return (
      <section class="card" data-testid="not-found">
        <p>{t('choice.notFound')}</p>
      </section>
    );
  }
  const pending = session.status === 'pending';
  // Without its first line when that repeats the title; '' when the prompt is the title alone (said once, above).
  const body = promptBelowTitle(session.request.prompt, session.request.title);
  // A permission gate (an agent's hook): what it would do first, then one button per answer, then the rest.
  const permission = session.source?.kind === 'hook' && !session.request.questions;
  const view = session.permission_view ?? null;
  const promptBody = body && <PromptBody body={body} html={boot.session_id === session.id ? boot.prompt_html : null} />;
  // With a view, the request as the agent sent it (and why you are asked) is one click away, below.
  const prompt =
    view && promptBody ? (
      <details class="prompt-raw" data-testid="prompt-details">
        <summary>{t('permission.requestAsSent')}</summary>
        {promptBody}
      </details>
    ) : (
      promptBody
    );
  return (
    <article class="choice" data-testid="choice" data-status={session.status}>
      <header class="choice-head">
        <h1 class="choice-title" ref={heading} tabIndex={-1} data-testid="choice-title">
          {session.request.title}
        </h1>
        <ChoiceSource session={session} />
        {!permission && <ChoiceMeta session={session} />}
      </header>
      {(permission || view) && <PermissionGate key={session.id} session={session} />}
      {permission && <ChoiceMeta session={session} />}
      {pending && session.agent_gone_at && (
        <p class="notice notice-gone" role="status" data-testid="agent-gone">
          {t('choice.agentGone', { time: relativeAge(session.agent_gone_at, Date.now(), intlLocale(i18n.language)) })}
        </p>
      )}
      {prompt}
      {!pending ? <FinalState session={session} /> : session.request.questions ? <QuestionsForm key={session.id} session={session} questions={session.request.questions} /> : !permission && <ChoiceForm key={session.id} session={session} />}
    </article>
  );
}

/** Status, interface, age and countdown; while pending the deadline and interface tools. */
function ChoiceMeta({ session }: { session: ChoiceSessionView }) {
  const pending = session.status === 'pending';
  return (
    <>
      <div class="choice-meta">
        <span class={`badge badge-status status-${session.status}`} data-testid="choice-status">{t(`common:status.${session.status}`)}</span>
        <span class="badge badge-iface">{t(`common:interface.${session.interface}`)}</span>
        <span class="muted">{t('choice.asked', { time: relativeAge(session.created_at, Date.now(), intlLocale(i18n.language)) })}</span>
        {pending && <Countdown session={session} />}
      </div>
      {pending && (
        <div class="choice-tools">
          <DeadlineControl session={session} />
          <TerminalSwitch session={session} />
        </div>
      )}
      {pending && (
        <p class="muted small">
          {t('timeout.atEnd', { what: t(session.request.timeout_action === 'submit_recommended' ? 'timeout.endRecommended' : 'timeout.endNothing') })}
        </p>
      )}
    </>
  );
}

/** The prompt's Markdown, rendered and sanitised by the hub (never raw HTML from the agent). */
function PromptBody({ body, html }: { body: string; html: string | null }) {
  if (html) return <div class="prompt md" data-testid="prompt" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div class="prompt" data-testid="prompt">
      <p class="pre">{body}</p>
    </div>
  );
}
