import { t } from '../config/i18n.js';
import { CancelPanel } from './CancelPanel.js';

interface Props {
  busy: boolean;
  /** The cancel panel is open (the form's keys do not submit meanwhile). */
  cancelling: boolean;
  setCancelling(open: boolean): void;
  error: string | null;
  /** The note the cancel panel starts with. */
  initialNote: string;
  onCancel(note: string): void;
}

/** The end of an answer form: an error if sending failed, then Submit and Cancel (Cancel asks first, with a note). */
export function AnswerActions({ busy, cancelling, setCancelling, error, initialNote, onCancel }: Props) {
  return (
    <>
      {error && <p class="error" role="alert">{error}</p>}
      {cancelling ? (
        <CancelPanel busy={busy} onBack={() => setCancelling(false)} onConfirm={onCancel} initialNote={initialNote} />
      ) : (
        <div class="actions">
          <button type="submit" name="action" value="submit" class="btn btn-primary" disabled={busy} data-testid="submit">
            {busy ? t('choice.sending') : t('common:action.submit')}
          </button>
          <button type="button" class="btn btn-danger" disabled={busy} onClick={() => setCancelling(true)} data-testid="cancel">
            {t('common:action.cancel')}
          </button>
        </div>
      )}
    </>
  );
}
