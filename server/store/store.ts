import { readFile, rename } from 'node:fs/promises';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { Logger } from '../logging/logger.js';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/settings.js';
import type { StoredSession } from '../sessions/stored-session.js';
import { applyRetention, type RetentionPolicy } from './retention.js';
import { emptyStore, looksLikeStore, type StoreData } from './store-data.js';

/**
 * The hub's single-writer store (lowdb, one JSON file, atomic writes).
 * Every mutation resolves only once it is on disk.
 */
export class Store {
  private constructor(
    private readonly db: Low<StoreData>,
    private readonly policy: RetentionPolicy,
  ) {}

  /** Opens the store; a corrupt file is moved aside with a warning and an empty store is started. */
  static async open(file: string, policy: RetentionPolicy, log: Pick<Logger, 'warn'>): Promise<Store> {
    const db = new Low<StoreData>(new JSONFile<StoreData>(file), emptyStore());
    const raw = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (raw !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      if (looksLikeStore(parsed)) {
        db.data = { ...emptyStore(), ...parsed, settings: validSettings(parsed.settings, log) };
      } else {
        const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        await rename(file, aside);
        log.warn({ file, aside }, 'store file is corrupt; moved it aside and started an empty store');
      }
    }
    const store = new Store(db, policy);
    await store.prune();
    return store;
  }

  get sessions(): readonly StoredSession[] {
    return this.db.data.sessions;
  }

  get settings(): Settings {
    return this.db.data.settings;
  }

  /** Inserts or replaces a session and writes the file. */
  async saveSession(session: StoredSession): Promise<void> {
    const list = this.db.data.sessions;
    const at = list.findIndex((s) => s.id === session.id);
    if (at >= 0) list[at] = session;
    else list.push(session);
    if (session.status !== 'pending') this.db.data.sessions = applyRetention(list, this.policy);
    await this.db.write();
  }

  async saveSettings(settings: Settings): Promise<void> {
    this.db.data.settings = settings;
    await this.db.write();
  }

  extra<T>(key: string): T | undefined {
    return this.db.data.extras[key] as T | undefined;
  }

  async saveExtra(key: string, value: unknown): Promise<void> {
    this.db.data.extras[key] = value;
    await this.db.write();
  }

  /** Applies the retention policy now (also done at open and on every completed save). */
  async prune(now = Date.now()): Promise<number> {
    const before = this.db.data.sessions.length;
    this.db.data.sessions = applyRetention(this.db.data.sessions, this.policy, now);
    const removed = before - this.db.data.sessions.length;
    if (removed > 0) await this.db.write();
    return removed;
  }
}

function validSettings(value: unknown, log: Pick<Logger, 'warn'>): Settings {
  const merged = { ...DEFAULT_SETTINGS, ...(value as object) };
  const parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  log.warn({ issues: parsed.error.issues }, 'stored settings are invalid; using defaults');
  return structuredClone(DEFAULT_SETTINGS);
}
