import { readFile } from 'node:fs/promises';
import { writeFileDurably } from '../store/durable-file.js';
import { agentKeyId, keyMatches, newAgentKey } from './agent-key-secret.js';

/** One paired machine's key as the hub keeps it (<data dir>/agent-keys.json, 0600): its hash, never the key. */
export interface AgentKeyRecord {
  id: string;
  name: string;
  hash: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_from: string | null;
}

/** What `gatehouse keys` and GET /api/agent-keys show of a key. */
export type AgentKeyView = Omit<AgentKeyRecord, 'hash'> & { state: 'live' | 'expired' | 'revoked' };

/** A request's key, once checked. */
export interface KeyHolder {
  id: string;
  name: string;
}

export type KeyCheck = { ok: true; holder: KeyHolder } | { ok: false; message: string };

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
/** Last use is saved at most this often (every request of every paired agent would write a file otherwise). */
const SAVE_USE_EVERY_MS = 10_000;

export class AgentKeyError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status = 400,
  ) {
    super(`${field}: ${message}`);
    this.name = 'AgentKeyError';
  }
}

/** The hub's agent keys: created, listed, revoked (at once) and checked on every request that presents one. */
export class AgentKeys {
  private savedUseAt = 0;
  private unsavedUse = false;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private records: AgentKeyRecord[],
    private readonly now: () => number,
  ) {}

  static async open(file: string, now: () => number = Date.now): Promise<AgentKeys> {
    let records: AgentKeyRecord[] = [];
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as { keys?: AgentKeyRecord[] };
      records = Array.isArray(parsed.keys) ? parsed.keys.filter((k) => typeof k?.id === 'string' && typeof k.hash === 'string' && typeof k.name === 'string') : [];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file} could not be read (${(err as Error).message}); fix or remove it — every paired machine then pairs again`);
    }
    return new AgentKeys(file, records, now);
  }

  private stateOf(record: AgentKeyRecord): AgentKeyView['state'] {
    if (record.revoked_at) return 'revoked';
    if (record.expires_at && Date.parse(record.expires_at) <= this.now()) return 'expired';
    return 'live';
  }

  /** A new key named `name` (a live key of that name is an error; a revoked or expired one is replaced). */
  async create(name: string, expiresSeconds: number | null): Promise<{ key: string; view: AgentKeyView }> {
    if (!NAME.test(name)) throw new AgentKeyError('name', `must be 1–40 letters, digits, ".", "_" or "-", starting with a letter or digit (got ${JSON.stringify(name)})`);
    const taken = this.records.find((r) => r.name === name);
    if (taken && this.stateOf(taken) === 'live') throw new AgentKeyError('name', `a live key named ${JSON.stringify(name)} exists; revoke it first (gatehouse keys revoke ${name}) or choose another name`, 409);
    const made = newAgentKey();
    const at = this.now();
    const record: AgentKeyRecord = { id: made.id, name, hash: made.hash, created_at: new Date(at).toISOString(), expires_at: expiresSeconds === null ? null : new Date(at + expiresSeconds * 1000).toISOString(), revoked_at: null, last_used_at: null, last_used_from: null };
    this.records = [...this.records.filter((r) => r.name !== name), record];
    await this.save();
    return { key: made.key, view: this.view(record) };
  }

  list(): AgentKeyView[] {
    return this.records.map((r) => this.view(r));
  }

  /** Revokes the live key `name`: its next request gets 401. */
  async revoke(name: string): Promise<AgentKeyView> {
    const record = this.records.find((r) => r.name === name);
    if (!record) throw new AgentKeyError('name', `no agent key is named ${JSON.stringify(name)} (gatehouse keys lists them)`, 404);
    if (!record.revoked_at) {
      record.revoked_at = new Date(this.now()).toISOString();
      await this.save();
    }
    return this.view(record);
  }

  /** True while some key is live: a hub that paired machines count on does not idle out. */
  hasLive(): boolean {
    return this.records.some((r) => this.stateOf(r) === 'live');
  }

  /** Checks a presented key and notes its use (when, from which address). Refusals name the key and the way out. */
  check(key: string, from: string | null): KeyCheck {
    const id = agentKeyId(key);
    const record = id ? this.records.find((r) => r.id === id) : undefined;
    if (!record || !keyMatches(key, record.hash)) return { ok: false, message: 'this agent key is not known to this hub (it was never made here, or was replaced); on the person\'s machine run `gatehouse pair`, then `gatehouse connect <string>` here' };
    const state = this.stateOf(record);
    const again = `on the person's machine run \`gatehouse pair --name ${record.name}\`, then \`gatehouse connect <string>\` here`;
    if (state === 'revoked') return { ok: false, message: `agent key "${record.name}" was revoked at ${record.revoked_at}; ${again}` };
    if (state === 'expired') return { ok: false, message: `agent key "${record.name}" expired at ${record.expires_at}; ${again}` };
    const at = this.now();
    record.last_used_at = new Date(at).toISOString();
    record.last_used_from = from;
    this.unsavedUse = true;
    if (at - this.savedUseAt >= SAVE_USE_EVERY_MS) void this.save().catch(() => undefined);
    return { ok: true, holder: { id: record.id, name: record.name } };
  }

  /** Saves what is in memory (last uses too); writes one after another, so the newest wins. */
  save(): Promise<void> {
    this.savedUseAt = this.now();
    this.unsavedUse = false;
    const text = JSON.stringify({ keys: this.records }, null, 2);
    this.saving = this.saving.catch(() => undefined).then(() => writeFileDurably(this.file, text));
    return this.saving;
  }

  /** Saves the last uses not yet saved (the hub closing). */
  async flush(): Promise<void> {
    if (this.unsavedUse) await this.save();
  }

  private view(record: AgentKeyRecord): AgentKeyView {
    const { hash: _hash, ...rest } = record;
    return { ...rest, state: this.stateOf(record) };
  }
}
