import type { BrowserContext } from '@playwright/test';

/**
 * Records every Notification the page shows (the real constructor still runs) and lets a test mark the tab
 * hidden, as when the user is in another tab. Permission itself is granted on the context.
 */
export async function spyOnNotifications(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript(() => {
    const w = window as unknown as { __notes: Array<{ title: string; body?: string }>; __hidden: boolean; __setHidden(h: boolean): void };
    w.__notes = [];
    w.__hidden = false;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.__notes.push({ title, body: options?.body });
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
    window.Notification = Recorded as typeof Notification;
    Object.defineProperty(document, 'visibilityState', { get: () => (w.__hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { get: () => w.__hidden });
    w.__setHidden = (h: boolean) => {
      w.__hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
}
