import { useState } from 'preact/hooks';
import { countsText, type DiffLine, type FileChange } from '../../shared/permission/view.js';
import { t } from '../config/i18n.js';

/** Lines shown before "show all". */
export const COLLAPSE_AFTER = 80;

/** One file's change: path, what happens to it, +/− counts, then its hunks (removed lines in <del>, added in <ins>). */
export function FileDiff({ file }: { file: FileChange }) {
  const [all, setAll] = useState(false);
  const total = file.hunks.reduce((n, h) => n + h.lines.length + 1, 0);
  let budget = all ? Infinity : COLLAPSE_AFTER;
  return (
    <div class="pv-file" data-testid="pv-file">
      <div class="pv-file-head">
        <code class="pv-path" data-testid="pv-path">{file.path}</code>
        <span class={`pv-kind pv-kind-${file.change}`} data-testid="pv-change">{t(`permission.change.${file.change}`)}</span>
        {file.moved_to && <span class="pv-kind">{t('permission.movedTo', { path: file.moved_to })}</span>}
        {file.cell && <span class="pv-kind">{t('permission.cell', { cell: file.cell })}</span>}
        {file.outside && <span class="pv-kind pv-warn">{t('permission.outside')}</span>}
        {!file.problem && (
          <span class="pv-counts" data-testid="pv-counts" aria-label={t('permission.counts', { added: file.added, removed: file.removed })}>
            {countsText(file.added, file.removed)}
          </span>
        )}
      </div>
      {file.problem && (
        <p class={`pv-problem ${file.problem === 'not-found' || file.problem === 'bad-input' ? 'pv-fail' : ''}`} role="note" data-testid="pv-problem">
          {file.problem_text}
        </p>
      )}
      {file.hunks.length > 0 && (
        <div class="pv-diff" role="group" aria-label={file.path}>
          {file.hunks.map((h, i) => {
            if (budget <= 0) return null;
            budget--;
            const shown = h.lines.slice(0, Math.max(0, budget));
            budget -= shown.length;
            return (
              <div class="pv-hunk" key={i}>
                <div class="pv-hunk-head" aria-hidden="true">{`@@ −${h.old_start},${h.old_lines} +${h.new_start},${h.new_lines} @@`}</div>
                {shown.map((line, j) => (
                  <Line key={j} line={line} />
                ))}
              </div>
            );
          })}
        </div>
      )}
      {!all && total > COLLAPSE_AFTER && (
        <button type="button" class="btn btn-quiet pv-more" onClick={() => setAll(true)} data-testid="pv-show-all">
          {t('permission.showAll', { count: total })}
        </button>
      )}
      {file.truncated && <p class="muted small">{t('permission.truncated')}</p>}
    </div>
  );
}

function Line({ line }: { line: DiffLine }) {
  const cls = line.op === '+' ? 'pv-add' : line.op === '-' ? 'pv-del' : 'pv-ctx';
  return (
    <div class={`pv-line ${cls}`}>
      <span class="pv-no" aria-hidden="true">{line.old ?? ''}</span>
      <span class="pv-no" aria-hidden="true">{line.new ?? ''}</span>
      <span class="pv-sign" aria-hidden="true">{line.op === '+' ? '+' : line.op === '-' ? '−' : ' '}</span>
      {line.op === '+' ? <ins>{line.text}</ins> : line.op === '-' ? <del>{line.text}</del> : <span class="pv-text">{line.text}</span>}
    </div>
  );
}
