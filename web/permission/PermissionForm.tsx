import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { grantRulesPicked, WIDER } from '../../shared/permission/view.js';
import { isHighRisk, REFUSING_OPTIONS } from '../../shared/permission/high-risk.js';
import { t } from '../config/i18n.js';
import { useAnswerSender } from '../rendering/use-answer-sender.js';
import { useChoiceKeys } from '../rendering/use-choice-keys.js';
import { useDraft } from '../rendering/use-draft.js';

/** Options that write a rule into the person's policy (the rule may be widened first). */
const RULE_WRITERS = new Set(['always', 'never']);

/**
 * A permission gate's answer (issue 22): one button per answer, one click or tap (or its number key, shown on the
 * button) answers; the note for the agent optional beside them. In the view's chunk and drawn with it: nobody
 * approves what they have not seen, and no button moves under a finger as the view comes in above it.
 * A high-risk request (issue 32 §3): "No" is the primary, focused answer, and an approving one asks once more.
 */
export function PermissionForm({ session }: { session: ChoiceSessionView }) {
  const { draft, setDraft, discard } = useDraft(session);
  const { busy, error, send } = useAnswerSender(session, discard);
  const options = session.request.options;
  // "always" / "never" write the narrowest rule; the person may widen it first, and sees the rule that will be written.
  const grants = session.permission_view?.grants;
  const [wide, setWide] = useState(false);
  const written = grants ? grantRulesPicked(grants, wide).join(', ') : '';
  const label = (option: { id: string; label: string }) =>
    grants && wide && RULE_WRITERS.has(option.id) ? t(option.id === 'always' ? 'permission.alwaysAllow' : 'permission.neverAllow', { rules: written }) : option.label;
  const risky = isHighRisk(session.permission_view);
  const [confirming, setConfirming] = useState<string | null>(null);
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (risky) safe.current?.focus();
  }, [risky]);
  const answer = (id: string, confirmed = false) => {
    if (busy) return;
    if (risky && !REFUSING_OPTIONS.has(id) && !confirmed) return setConfirming(id);
    const annotations = grants && wide && RULE_WRITERS.has(id) ? { [id]: WIDER } : {};
    void send('submit', { selected_ids: [id], annotations, global_annotation: draft.global_annotation });
  };
  useChoiceKeys(
    options.length,
    (index) => answer(options[index]!.id),
    () => {},
  );
  return (
    <form class="answer perm-answer" data-testid="answer-form" method="post" action={`/choice/${encodeURIComponent(session.id)}/answer`} onSubmit={(e) => e.preventDefault()}>
      <input type="hidden" name="from" value="page" />
      {grants && (
        <label class="perm-widen">
          <input type="checkbox" checked={wide} onChange={(e) => setWide(e.currentTarget.checked)} data-testid="perm-widen" />
          <span>{t('permission.widen', { rules: grantRulesPicked(grants, true).join(', ') })}</span>
        </label>
      )}
      <div class="perm-buttons" role="group" aria-label={session.request.title}>
        {options.map((option, i) => (
          <button
            key={option.id}
            type="submit"
            name="choice"
            value={option.id}
            ref={risky && option.id === 'no' ? safe : undefined}
            class={`btn perm-btn ${risky ? (option.id === 'no' ? 'btn-primary' : '') : REFUSING_OPTIONS.has(option.id) ? 'btn-danger' : i === 0 ? 'btn-primary' : ''}`}
            disabled={busy}
            aria-keyshortcuts={String(i + 1)}
            data-testid={`answer-${option.id}`}
            onClick={(e) => {
              e.preventDefault();
              answer(option.id);
            }}
          >
            <kbd class="perm-key">{i + 1}</kbd> {label(option)}
          </button>
        ))}
      </div>
      {confirming && (
        <div class="perm-confirm" role="alertdialog" aria-label={t('permission.confirmHigh', { answer: label(options.find((o) => o.id === confirming)!) })} data-testid="perm-confirm">
          <span>{t('permission.confirmHigh', { answer: label(options.find((o) => o.id === confirming)!) })}</span>
          <button type="button" class="btn btn-danger" disabled={busy} onClick={() => answer(confirming, true)} data-testid="perm-confirm-approve">
            {t('permission.confirmApprove')}
          </button>
          <button type="button" class="btn btn-quiet" onClick={() => (setConfirming(null), safe.current?.focus())} data-testid="perm-confirm-back">
            {t('permission.confirmBack')}
          </button>
        </div>
      )}
      <label class="field">
        <span>{t('choice.globalNote')}</span>
        <textarea name="global_annotation" rows={1} value={draft.global_annotation} onInput={(e) => setDraft((d) => ({ ...d, global_annotation: e.currentTarget.value }))} data-testid="global-note" />
      </label>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="button" class="btn btn-quiet perm-dismiss" disabled={busy} onClick={() => void send('cancel', { global_annotation: draft.global_annotation })} data-testid="cancel">
        {t('permission.dismiss', { agent: session.source?.agent ?? '' })}
      </button>
    </form>
  );
}
