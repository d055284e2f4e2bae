import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { i18n, t } from '../config/i18n.js';
import { intlLocale, relativeAge } from '../list/relative-age.js';
import { FinalAnswers } from './FinalAnswers.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(intlLocale(i18n.language)) : '—');

/** A finished session, read-only: the request's options with the answer, notes, interface and times. */
export function FinalState({ session }: { session: ChoiceSessionView }) {
  const result = session.result;
  const chosen = new Set(result?.selected.map((s) => s.id) ?? []);
  const by = result?.answered_by === 'human' ? 'final.byHuman' : result?.answered_by === 'default' ? 'final.byDefault' : 'final.byNobody';
  const optionNotes = Object.entries(result?.annotations ?? {});
  return (
    <section class="final" data-testid="final-state">
      <p class="notice">{t('final.heading')}</p>
      {session.agent_gone_at && (
        <p class="notice notice-gone" data-testid="final-agent-gone">
          {t('final.agentGone', { time: relativeAge(session.agent_gone_at, Date.now(), intlLocale(i18n.language)) })}
        </p>
      )}
      {session.request.questions && <FinalAnswers questions={session.request.questions} result={result} />}
      <ul class="options readonly" hidden={Boolean(session.request.questions)}>
        {session.request.options.map((o) => (
          <li key={o.id} class={`option${chosen.has(o.id) ? ' option-checked' : ''}`} data-option={o.id} data-chosen={chosen.has(o.id)}>
            <span class="option-main">
              <input type={session.request.selection_mode === 'multi' ? 'checkbox' : 'radio'} checked={chosen.has(o.id)} disabled aria-label={o.label} />
              <span class="option-text">
                <span class="option-label">{o.label}</span>
                {o.recommended && <span class="badge badge-rec">{t('common:recommended')}</span>}
                {o.description && <span class="option-desc">{o.description}</span>}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <dl class="facts">
        <dt>{t('final.status')}</dt>
        <dd data-testid="final-status">{t(`common:status.${session.status}`)}</dd>
        {!session.request.questions && (
          <>
            <dt>{t('final.selected')}</dt>
            <dd data-testid="final-selected">{result?.selected.length ? result.selected.map((s) => s.label).join(', ') : t('final.nothing')}</dd>
          </>
        )}
        {result?.free_text && (
          <>
            <dt>{t('final.freeText')}</dt>
            <dd class="pre">{result.free_text}</dd>
          </>
        )}
        {optionNotes.length > 0 && (
          <>
            <dt>{t('final.optionNotes')}</dt>
            <dd data-testid="final-option-notes">
              {optionNotes.map(([id, note]) => (
                <div key={id}>
                  <b>{session.request.options.find((o) => o.id === id)?.label ?? id}:</b> {note}
                </div>
              ))}
            </dd>
          </>
        )}
        {result?.global_annotation && (
          <>
            <dt>{t('final.globalNote')}</dt>
            <dd class="pre" data-testid="final-note">{result.global_annotation}</dd>
          </>
        )}
        <dt>{t('final.answeredBy')}</dt>
        <dd>{t(by)}</dd>
        <dt>{t('final.via')}</dt>
        <dd data-testid="final-interface">{t(`common:interface.${session.interface}`)}</dd>
        <dt>{t('final.asked')}</dt>
        <dd>{when(session.created_at)}</dd>
        <dt>{t('final.ended')}</dt>
        <dd>{when(session.ended_at)}</dd>
      </dl>
    </section>
  );
}
