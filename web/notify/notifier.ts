/** Shows a browser notification when allowed and the tab is hidden; clicking it brings the tab back. */
export function notifyIfHidden(title: string, body: string, tag: string, href?: string): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  if (document.visibilityState !== 'hidden') return false;
  const n = new Notification(title, { body, tag, icon: undefined });
  n.onclick = () => {
    window.focus();
    if (href && location.pathname !== href) location.href = href;
    n.close();
  };
  return true;
}

export const notificationsSupported = () => typeof Notification !== 'undefined';
