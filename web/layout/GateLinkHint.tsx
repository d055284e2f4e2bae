import { t } from '../config/i18n.js';

/** On a page opened with a gate link: it shows this one question, and the whole portal opens with `gatehouse open`. */
export function GateLinkHint() {
  return (
    <section class="notice gate-link-hint" role="note" data-testid="gate-link-hint">
      <strong>{t('gateLink.title')}</strong> {t('gateLink.hint')}
    </section>
  );
}
