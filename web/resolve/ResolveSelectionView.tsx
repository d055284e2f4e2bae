import type { ResolveSelection } from '../../server/resolver/resolve-types.js';
import { t } from '../config/i18n.js';

/**
 * The prompt tsci waits on, relayed verbatim (prompt and option lines exactly as the agent gets them), with
 * tsci's cursor marked. A list, not a form: only the agent can answer.
 */
export function ResolveSelectionView({ selection, error, over }: { selection: ResolveSelection; error?: string; over: boolean }) {
  return (
    <section class="rs-section rs-selection" data-testid="resolve-selection" data-selection-id={selection.selection_id}>
      <h2 class="rs-subtitle">{t(over ? 'resolve.lastSelection' : 'resolve.selection')}</h2>
      {error !== undefined && (
        <div class="rs-retry" data-testid="resolve-retry-error">
          <p>{t('resolve.retryError')}</p>
          <pre class="rs-output">{error}</pre>
        </div>
      )}
      <p class="rs-prompt" data-testid="resolve-prompt">{selection.prompt}</p>
      {selection.options.length > 0 ? (
        <ol class="rs-options">
          {selection.options.map((option, i) => {
            const atCursor = i === selection.cursor_index;
            return (
              <li key={i} class={`rs-option${atCursor ? ' rs-option-cursor' : ''}`} data-testid="resolve-option" aria-current={atCursor ? 'true' : undefined}>
                <span class="rs-pointer" aria-hidden="true">{atCursor ? '❯' : ''}</span>
                <span class="rs-option-text" data-testid="resolve-option-text">{option}</span>
                {atCursor && <span class="rs-sr">{t('resolve.cursor')}</span>}
              </li>
            );
          })}
        </ol>
      ) : (
        <p class="muted" data-testid="resolve-typed">{t('resolve.typed')}</p>
      )}
    </section>
  );
}
