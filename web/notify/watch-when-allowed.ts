import type { InteractionSummary } from '../../shared/interactions.js';
import type { HubSocket } from '../live/hub-socket.js';
import type { AppStore } from '../state/app-store.js';
import { withStrings } from '../config/i18n.js';
import { notificationsSupported } from './notifier.js';

let started = false;

/**
 * Starts the notification watcher once the person has allowed notifications (when the page loads, or from
 * NotifyPrompt). Without that permission it has nothing to do, so its code is a chunk of its own, not part of the
 * first load. `since`: the rows the page started with (what changed before the watcher loaded is news too).
 */
export function watchNotificationsWhenAllowed(store: AppStore, socket: HubSocket, since?: InteractionSummary[]): void {
  if (started || !notificationsSupported() || Notification.permission !== 'granted') return;
  started = true;
  void withStrings('portal:notify.newTitle', import('./notification-watch.js')).then((m) => m.watchNotifications(store, socket, since));
}
