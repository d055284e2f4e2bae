import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logging/logger.js';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/settings.js';
import type { StoredSession } from '../sessions/stored-session.js';
import { unlinkDurably, writeFileDurably } from './durable-file.js';
import { migrateLegacyStore } from './legacy-store.js';
import { RetentionIndex, type RetentionPolicy } from './retention.js';
import { loadSessionFiles } from './session-files.js';
import { setFileAside, type SetAsideNote } from './set-aside.js';
import { dataPathError } from '../config/data-path-error.js';

/** The store's places in the data directory (see server/config/data-paths.ts). */
export interface StorePaths {
  dir: string;
  sessions: string;
  settings: string;
  setAside: string;
  legacyStore: string;
}

type StoreLog = Pick<Logger, 'warn' | 'info' | 'error'>;

/**
 * The hub's single-writer store: one file per choice session (sessions/<id>.json) and settings.json. A save
 * writes only the record that changed, so its cost does not grow with the history, and resolves only once
 * the record is on disk (file and directory fsynced). A save that fails changes nothing, in memory or on disk.
 * Sessions live in memory in ChoiceSessions; the store keeps only what retention needs.
 */
export class Store {
  private loaded: StoredSession[] | null;
  private readonly queues = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly paths: StorePaths,
    private current: Settings,
    loaded: StoredSession[],
    private readonly retention: RetentionIndex,
    /** What could not be loaded and where it was set aside (also in the log and at /api/health). */
    readonly setAside: readonly SetAsideNote[],
    private readonly log: StoreLog,
  ) {
    this.loaded = loaded;
  }

  /** Opens the store: migrates a store.json of an earlier version, loads every good record, sets bad ones aside. */
  static async open(paths: StorePaths, policy: RetentionPolicy, log: StoreLog): Promise<Store> {
    for (const dir of [paths.dir, paths.sessions]) {
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
      } catch (err) {
        throw dataPathError(dir, err, 'directory');
      }
    }
    const writeSession = (session: StoredSession) => writeFileDurably(join(paths.sessions, `${session.id}.json`), JSON.stringify(session));
    const notes = await migrateLegacyStore(paths.legacyStore, { setAside: paths.setAside, settingsFile: paths.settings, writeSession }, log);
    const { sessions, notes: fileNotes } = await loadSessionFiles(paths.sessions, paths.setAside);
    for (const note of fileNotes) log.warn(note, 'a stored session cannot be loaded; set it aside');
    notes.push(...fileNotes);
    const settings = await readSettings(paths, log, notes);
    sessions.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const retention = new RetentionIndex(policy);
    for (const s of sessions) if (s.status !== 'pending') retention.add(s.id, endedAt(s));
    const store = new Store(paths, settings, sessions, retention, notes, log);
    const dropped = new Set(await store.prune());
    if (dropped.size) store.loaded = sessions.filter((s) => !dropped.has(s.id));
    return store;
  }

  /** The sessions read at open, handed over once (the store does not keep them). */
  takeLoadedSessions(): StoredSession[] {
    const sessions = this.loaded ?? [];
    this.loaded = null;
    return sessions;
  }

  get settings(): Settings {
    return this.current;
  }

  /**
   * Writes one session durably (saves of the same session are written in call order). Returns the ids of
   * completed sessions the retention policy dropped as a result (their files are removed in the background).
   */
  async saveSession(session: StoredSession): Promise<string[]> {
    const text = JSON.stringify(session);
    await this.serially(session.id, () => writeFileDurably(this.sessionFile(session.id), text));
    if (session.status === 'pending') return [];
    this.retention.add(session.id, endedAt(session));
    const dropped = this.retention.takeExpired();
    if (dropped.length) void this.removeFiles(dropped);
    return dropped;
  }

  async saveSettings(settings: Settings): Promise<void> {
    const text = JSON.stringify(settings);
    await this.serially('settings', () => writeFileDurably(this.paths.settings, text));
    this.current = settings;
  }

  /** Applies the retention policy now (also done at open and on every completed save); returns the dropped ids. */
  async prune(now = Date.now()): Promise<string[]> {
    const dropped = this.retention.takeExpired(now);
    await this.removeFiles(dropped);
    return dropped;
  }

  private sessionFile(id: string): string {
    return join(this.paths.sessions, `${id}.json`);
  }

  private async removeFiles(ids: string[]): Promise<void> {
    for (const id of ids) {
      await this.serially(id, () => unlinkDurably(this.sessionFile(id))).catch((err) => this.log.error({ err, id }, 'could not remove a session the retention policy dropped'));
    }
  }

  /** Runs `job` after every earlier job for the same key, so a record's writes land in the order they were made. */
  private serially<T>(key: string, job: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(job, job);
    const settled = run.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }
}

function endedAt(session: StoredSession): number {
  return Date.parse(session.ended_at ?? session.created_at);
}

async function readSettings(paths: StorePaths, log: StoreLog, notes: SetAsideNote[]): Promise<Settings> {
  let raw: string;
  try {
    raw = await readFile(paths.settings, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(DEFAULT_SETTINGS);
    throw dataPathError(paths.settings, err, 'file');
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const note = await setFileAside(paths.setAside, paths.settings, `not valid JSON (${(err as Error).message})`);
    notes.push(note);
    log.warn(note, 'settings.json is corrupt; set it aside and using default settings');
    return structuredClone(DEFAULT_SETTINGS);
  }
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(value as object) });
  if (parsed.success) return parsed.data;
  log.warn({ file: paths.settings, issues: parsed.error.issues }, 'stored settings are invalid; using defaults');
  return structuredClone(DEFAULT_SETTINGS);
}
