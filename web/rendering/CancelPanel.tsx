import { useState } from 'preact/hooks';
import { t } from '../config/i18n.js';

/** Cancel asks for an optional note for the agent first. */
export function CancelPanel({ busy, initialNote, onBack, onConfirm }: { busy: boolean; initialNote: string; onBack(): void; onConfirm(note: string): void }) {
  const [note, setNote] = useState(initialNote);
  return (
    <section class="cancel-panel" role="group" aria-label={t('cancel.title')} data-testid="cancel-panel">
      <strong>{t('cancel.title')}</strong>
      <label class="field">
        <span>{t('cancel.note')}</span>
        <textarea rows={2} value={note} placeholder={t('cancel.notePlaceholder')} onInput={(e) => setNote(e.currentTarget.value)} data-testid="cancel-note" autoFocus />
      </label>
      <div class="actions">
        <button type="button" class="btn btn-danger" disabled={busy} onClick={() => onConfirm(note)} data-testid="cancel-confirm">
          {t('cancel.confirm')}
        </button>
        <button type="button" class="btn btn-quiet" onClick={onBack}>
          {t('cancel.back')}
        </button>
      </div>
    </section>
  );
}
