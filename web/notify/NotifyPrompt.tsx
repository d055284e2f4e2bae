import { useEffect, useState } from 'preact/hooks';
import { t } from '../config/i18n.js';
import { useServices } from '../state/app-context.js';
import { useStore } from '../state/app-store.js';
import { notificationsSupported } from './notifier.js';
import { watchNotificationsWhenAllowed } from './watch-when-allowed.js';

const DISMISSED = 'gatehouse.notify.dismissed';

/** Asks politely (a dismissible banner, never on load by itself) for permission to notify. */
export function NotifyPrompt() {
  const { store, socket } = useServices();
  const enabled = useStore(store, (s) => s.settings.notifications.enabled);
  // Read once the page is live, not in the first render: the hub renders a choice page's first HTML (web/ssr/), where
  // there is no Notification or sessionStorage, and the page's first render must match it to take it over.
  const [state, setState] = useState<NotificationPermission>('denied');
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    setState(notificationsSupported() ? Notification.permission : 'denied');
    setDismissed(sessionStorage.getItem(DISMISSED) === '1');
  }, []);
  if (!enabled || state !== 'default' || dismissed) return null;
  return (
    <div class="notify-prompt" role="region" aria-label={t('notify.ask')} data-testid="notify-prompt">
      <span>{t('notify.ask')}</span>
      <button type="button" class="btn" onClick={() => void Notification.requestPermission().then((permission) => (setState(permission), watchNotificationsWhenAllowed(store, socket)))} data-testid="notify-allow">
        {t('notify.allow')}
      </button>
      <button
        type="button"
        class="btn btn-quiet"
        onClick={() => {
          sessionStorage.setItem(DISMISSED, '1');
          setDismissed(true);
        }}
      >
        {t('notify.later')}
      </button>
    </div>
  );
}
