import { DEFAULT_SETTINGS, type Settings } from '../../shared/settings.js';
import type { StoredSession } from '../sessions/stored-session.js';

export const STORE_VERSION = 1;

/** The whole store file. Written only by the hub (single writer). */
export interface StoreData {
  version: number;
  settings: Settings;
  sessions: StoredSession[];
  /** Other concerns' records (e.g. orchestrator sessions), keyed by concern. */
  extras: Record<string, unknown>;
}

export function emptyStore(): StoreData {
  return { version: STORE_VERSION, settings: structuredClone(DEFAULT_SETTINGS), sessions: [], extras: {} };
}

/** True when a parsed file has the shape of a store; anything else is treated as corrupt. */
export function looksLikeStore(value: unknown): value is StoreData {
  const v = value as StoreData;
  return !!v && typeof v === 'object' && Array.isArray(v.sessions) && typeof v.settings === 'object' && v.settings !== null;
}
