import type { CommandView } from '../../shared/permission/view.js';
import { t } from '../config/i18n.js';

/** A shell command one part per line (nested ones indented), the folder it runs in, and marks on each part. */
export function CommandParts({ view }: { view: CommandView }) {
  return (
    <div class="pv-command">
      {view.cwd && (
        <p class="pv-cwd">
          {t('permission.cwd')} <code>{view.cwd}</code>
        </p>
      )}
      <ol class="pv-parts" data-testid="pv-parts">
        {view.parts.map((part, i) => (
          <li key={i} class="pv-part" style={{ paddingInlineStart: `${part.depth * 1.5}em` }} data-testid="pv-part">
            {view.parts.length > 1 && <span class="pv-joiner">{part.joiner ?? ''}</span>}
            <code class="pv-part-text">{part.text}</code>
            {part.marks.map((m) => (
              <span key={m.kind + m.text} class={`pv-mark pv-mark-${m.kind}`} data-testid="pv-mark">
                {m.text}
              </span>
            ))}
          </li>
        ))}
      </ol>
      {view.marks
        .filter((m) => m.kind === 'unparsed')
        .map((m) => (
          <p key={m.text} class="pv-problem pv-fail" role="note">
            {m.text}
          </p>
        ))}
    </div>
  );
}
