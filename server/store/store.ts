import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Low } from 'lowdb';
import type { Logger } from '../logging/logger.js';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/settings.js';
import type { StoredSession } from '../sessions/stored-session.js';
import { unlinkDurably } from './durable-file.js';
import { DurableJsonFile } from './durable-json-file.js';
import { openDocument } from './json-document.js';
import { migrateLegacyStore } from './legacy-store.js';
import { RetentionIndex, type RetentionPolicy } from './retention.js';
import { loadSessionFiles } from './session-files.js';
import { setFileAside, type SetAsideNote } from './set-aside.js';
import { dataPathError } from '../config/data-path-error.js';
import { StorageHealth } from './storage-health.js';

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
 * The hub's single-writer store: one file per choice session (sessions/<id>.json) and settings.json, both
 * written through lowdb's adapter interface by DurableJsonFile (settings.json is a lowdb document; a session
 * record is written by the same adapter on its own, so a save writes only the record that changed and its cost
 * does not grow with the history). A save resolves only once the record is on disk (file and directory
 * fsynced); a save that fails changes nothing, in memory or on disk, and throws a DataPathError naming the
 * path, what the system said and the fix (the hub answers it as `storage_unavailable`, and `health` says the
 * store is degraded). Sessions live in memory in ChoiceSessions; the store keeps only what retention needs.
 */
export class Store {
  private loaded: StoredSession[] | null;
  private readonly queues = new Map<string, Promise<unknown>>();

  /** What keeps the store from writing now (probed; the last failed write too): empty when it can write. */
  readonly health: StorageHealth;

  private constructor(
    private readonly paths: StorePaths,
    private current: Settings,
    private readonly settingsDoc: Low<Settings>,
    loaded: StoredSession[],
    private readonly retention: RetentionIndex,
    /** What could not be loaded and where it was set aside (also in the log and at /api/health). */
    readonly setAside: readonly SetAsideNote[],
    private readonly log: StoreLog,
  ) {
    this.loaded = loaded;
    this.health = new StorageHealth([paths.dir, paths.sessions]);
  }

  /** Opens the store: migrates a store.json of an earlier version, loads every good record, sets bad ones aside. */
  static async open(paths: StorePaths, policy: RetentionPolicy, log: StoreLog): Promise<Store> {
    await makeDir(paths.dir);
    const notes: SetAsideNote[] = [];
    const sessionsAside = await setAsideIfNotDirectory(paths.sessions, paths.setAside);
    if (sessionsAside) {
      log.warn(sessionsAside, `sessions/ was not a folder; set it aside (kept in ${sessionsAside.kept}) and started with an empty one`);
      notes.push(sessionsAside);
    }
    await makeDir(paths.sessions);
    const writeSession = (session: StoredSession) => sessionRecord(paths, session.id).write(session);
    notes.push(...(await migrateLegacyStore(paths.legacyStore, { setAside: paths.setAside, settingsFile: paths.settings, writeSession }, log)));
    const { sessions, notes: fileNotes } = await loadSessionFiles(paths.sessions, paths.setAside);
    for (const note of fileNotes) log.warn(note, 'a stored session cannot be loaded; set it aside');
    notes.push(...fileNotes);
    const settingsDoc = await openSettings(paths, log, notes);
    const settings = settingsDoc.data;
    sessions.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const retention = new RetentionIndex(policy);
    for (const s of sessions) if (s.status !== 'pending') retention.add(s.id, endedAt(s));
    const store = new Store(paths, settings, settingsDoc, sessions, retention, notes, log);
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
    const record = structuredClone(session); // as it is now: a later change in memory does not leak into this write
    await this.serially(session.id, () => this.health.watch(() => sessionRecord(this.paths, session.id).write(record)));
    if (session.status === 'pending') return [];
    this.retention.add(session.id, endedAt(session));
    const dropped = this.retention.takeExpired();
    if (dropped.length) void this.removeFiles(dropped);
    return dropped;
  }

  async saveSettings(settings: Settings): Promise<void> {
    const next = structuredClone(settings);
    await this.serially('settings', async () => {
      this.settingsDoc.data = next;
      try {
        await this.health.watch(() => this.settingsDoc.write());
      } catch (err) {
        this.settingsDoc.data = this.current;
        throw err;
      }
    });
    this.current = next;
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

/** The DurableJsonFile of one session record (sessions/<id>.json). */
function sessionRecord(paths: StorePaths, id: string): DurableJsonFile<StoredSession> {
  return new DurableJsonFile<StoredSession>(join(paths.sessions, `${id}.json`));
}

async function makeDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw dataPathError(dir, err, 'directory');
  }
}

/** A path that must be a folder but is something else (a file, a link to a file) is set aside, as a bad record is. */
async function setAsideIfNotDirectory(path: string, setAsideDir: string): Promise<SetAsideNote | null> {
  try {
    const info = await lstat(path);
    if (info.isDirectory() || info.isSymbolicLink()) return null; // a link is followed: mkdir names what is wrong with it
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw dataPathError(path, err, 'directory');
  }
  try {
    return await setFileAside(setAsideDir, path, 'is not a folder');
  } catch (err) {
    throw dataPathError(path, err, 'directory');
  }
}

/** settings.json as a lowdb document: junk or a directory is set aside, invalid settings are replaced by the defaults. */
async function openSettings(paths: StorePaths, log: StoreLog, notes: SetAsideNote[]): Promise<Low<Settings>> {
  const { db, setAside } = await openDocument<Settings>(paths.settings, paths.setAside, () => structuredClone(DEFAULT_SETTINGS));
  if (setAside) {
    notes.push(setAside);
    log.warn(setAside, `settings.json ${setAside.problem}; set it aside (kept in ${setAside.kept}) and using default settings`);
    return db;
  }
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(db.data as object) });
  if (parsed.success) db.data = parsed.data;
  else {
    log.warn({ file: paths.settings, issues: parsed.error.issues }, 'stored settings are invalid; using defaults');
    db.data = structuredClone(DEFAULT_SETTINGS);
  }
  return db;
}
