import { useEffect, useState } from 'preact/hooks';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { EffectiveSettings } from '../../shared/settings.js';
import type { PortalBoot } from '../../server/web-portal/boot-data.js';

export type Connection = 'connecting' | 'open' | 'closed';

export interface AppState {
  settings: EffectiveSettings;
  /** The list rows loaded so far (a prefix of the active ones, newest first, + the recent completed ones). */
  interactions: InteractionSummary[];
  /** How many active rows the hub has in all (more than loaded: the rest load on scroll). */
  activeTotal: number;
  /** Choice sessions the page knows in full (the one it shows, followed over WebSocket). */
  sessions: Record<string, ChoiceSessionView>;
  connection: Connection;
}

type Listener = (state: AppState) => void;

/** The page's first state, from what the hub embedded: the same in the browser and in the hub's render (web/ssr/). */
export function stateFromBoot(boot: PortalBoot): AppState {
  return {
    settings: boot.settings,
    interactions: boot.interactions,
    activeTotal: boot.active_total,
    sessions: boot.session ? { [boot.session.id]: boot.session } : {},
    connection: 'connecting',
  };
}

/** The page's one store: replaced immutably, listeners re-render. */
export class AppStore {
  private listeners = new Set<Listener>();
  constructor(public state: AppState) {}

  update(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l(this.state);
  }

  putSession(session: ChoiceSessionView): void {
    this.update((s) => ({ sessions: { ...s.sessions, [session.id]: session } }));
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Re-renders the component when the selected part of the state changes (compared by identity). */
export function useStore<T>(store: AppStore, select: (s: AppState) => T): T {
  const [value, setValue] = useState(() => select(store.state));
  useEffect(() => {
    setValue(() => select(store.state)); // an update between render and subscribe is not lost
    return store.subscribe((s) => setValue(() => select(s)));
  }, [store]);
  return value;
}
