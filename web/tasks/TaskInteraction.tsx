import { useState } from 'preact/hooks';
import type { TaskView } from '../../server/orchestrator/face/task-views.js';
import { taskClient } from './task-client.js';
import { t } from '../config/i18n.js';

/**
 * What a waiting task asks, answerable right here: a detected menu (options from the PTY core's generic
 * parser) as buttons applied as arrow keys + Enter by the hub, or a text answer for a prompt without options. A
 * permission request from the agent's hook is a permission gate: its options are the gate's, answered here or on
 * the gate's own page (linked).
 */
export function TaskInteraction({ task }: { task: TaskView }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const interaction = task.interaction;
  if (!interaction || task.status !== 'WAITING_FOR_USER') return null;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await action();
      setText('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="task-interaction" data-testid="task-interaction" aria-live="polite">
      <h2 class="task-prompt">{interaction.prompt || t('taskPage.waitsForInput')}</h2>
      {interaction.gate && (
        <p class="task-gate">
          {t('taskPage.permissionGate')}{' '}
          <a href={`/choice/${encodeURIComponent(interaction.gate)}`} data-testid="task-gate-link">{t('taskPage.openGate')}</a>
        </p>
      )}
      {interaction.options.length > 0 ? (
        <ul class="task-options">
          {interaction.options.map((option) => (
            <li key={option.index}>
              <button type="button" class={`btn task-option${option.index === interaction.cursor ? ' is-pointed' : ''}`} disabled={busy} onClick={() => run(() => taskClient.choose(task.id, option.index))} data-testid="task-option">
                {option.text}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <form
          class="task-answer"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => taskClient.sendText(task.id, text));
          }}
        >
          <input type="text" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} aria-label={t('taskPage.answer')} data-testid="task-answer-input" />
          <button type="submit" class="btn" disabled={busy} data-testid="task-answer-send">{t('taskPage.send')}</button>
        </form>
      )}
      {error && <p class="task-error" role="alert">{error}</p>}
    </section>
  );
}
