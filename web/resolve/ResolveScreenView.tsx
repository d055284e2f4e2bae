import type { ResolveScreen } from '../../server/resolver/resolve-types.js';
import { t } from '../config/i18n.js';
import { visibleRows } from './resolve-state.js';

/**
 * tsci's pseudo-terminal as the hub renders it (`screen.lines`, wrapped rows joined), live while it runs.
 * Text only, never focusable or typed into: the person watches, the agent answers.
 */
export function ResolveScreenView({ screen, live }: { screen: ResolveScreen | null; live: boolean }) {
  return (
    <section class="rs-section" aria-labelledby="rs-screen-title">
      <h2 id="rs-screen-title" class="rs-subtitle">
        {t(live ? 'resolve.screen' : 'resolve.lastScreen')}
        {live && <span class="rs-live-dot" aria-hidden="true" />}
      </h2>
      {screen ? (
        <pre class="rs-screen" data-testid="resolve-screen" data-live={live ? 'true' : 'false'}>
          {visibleRows(screen.lines, screen.cursor.line).map((line, i) => (
            <ScreenRow key={i} text={line} cursorColumn={live && screen.cursor.visible && i === screen.cursor.line ? screen.cursor.column : -1} />
          ))}
        </pre>
      ) : (
        <p class="muted" data-testid="resolve-screen-empty">{t('resolve.noScreen')}</p>
      )}
    </section>
  );
}

/** One row; the terminal cursor (when visible) drawn as a block on its cell. */
function ScreenRow({ text, cursorColumn }: { text: string; cursorColumn: number }) {
  if (cursorColumn < 0) return <div class="rs-row">{text || ' '}</div>;
  const cells = Array.from(text.padEnd(cursorColumn + 1, ' '));
  return (
    <div class="rs-row">
      {cells.slice(0, cursorColumn).join('')}
      <span class="rs-cursor">{cells[cursorColumn]}</span>
      {cells.slice(cursorColumn + 1).join('')}
    </div>
  );
}
