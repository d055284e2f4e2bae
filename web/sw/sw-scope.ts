// The parts of a service worker's global scope gatehouse's worker uses, typed here: the project's TypeScript
// compiles every file with the DOM library, which has no ServiceWorkerGlobalScope.
import type { GateNoticeData, NoticeAction } from './gate-notification.js';

/** What the hub puts in front of the worker's script when it serves /sw.js (server/web-portal/service-worker-route.ts). */
export interface WorkerConfig {
  /** The bundle version: its files are at /assets/<version>/<name>, immutable. */
  version: string;
  /** The files a gate page loads first (entry script and stylesheets), kept at install. */
  precache: string[];
  /** The page shown for a navigation while the hub does not answer, in the portal's language. */
  offline: { lang: string; title: string; text: string };
}

export interface ShownNotification {
  tag: string;
  title: string;
  body: string;
  data: GateNoticeData | null;
  actions?: NoticeAction[];
  close(): void;
}

export interface NotificationShowOptions {
  body: string;
  tag: string;
  data: GateNoticeData;
  actions: NoticeAction[];
  renotify?: boolean;
  silent?: boolean;
  requireInteraction?: boolean;
  icon?: string;
}

export interface WorkerRegistration {
  showNotification(title: string, options: NotificationShowOptions): Promise<void>;
  getNotifications(filter?: { tag?: string }): Promise<ShownNotification[]>;
  navigationPreload?: { enable(): Promise<void> };
}

export interface WindowClient {
  id: string;
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown): void;
}

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response> | Response): void;
}

export interface NotificationClickEvent extends ExtendableEvent {
  notification: ShownNotification;
  action: string;
}

export interface MessageFromPage extends ExtendableEvent {
  data: unknown;
  source: WindowClient | null;
}

export interface WorkerScope {
  GATEHOUSE_SW: WorkerConfig;
  registration: WorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageFromPage) => void): void;
}

export const worker = self as unknown as WorkerScope;
