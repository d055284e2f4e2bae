import { Low } from 'lowdb';
import type { z } from 'zod';
import { DurableJsonFile } from '../store/durable-json-file.js';
import { describeProblems, problemsFromZod, RequestValidationError } from '../../shared/validation-error.js';

/** A channel's settings object: every field optional, `null` clears a saved value. */
type ChannelSchema = z.ZodType<Record<string, unknown>>;
/** What is saved: the fields that have a value (no nulls). */
export type SavedChannelSettings<S> = { [K in keyof S]?: Exclude<S[K], null> };

/** Validates a channel-settings patch; throws RequestValidationError naming each bad field. */
export function parseChannelSettings<Schema extends ChannelSchema>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new RequestValidationError(problemsFromZod(parsed.error));
  return parsed.data as z.infer<Schema>;
}

/**
 * A channel's saved settings file (<data dir>/<channel>.json, mode 0600: it holds tokens, like the hub's
 * credential), a lowdb document written durably (DurableJsonFile). Read again on every load, so an edit by hand is
 * seen when the channel restarts.
 */
export class ChannelSettingsFile<Schema extends ChannelSchema> {
  private readonly db: Low<Record<string, unknown>>;

  constructor(
    private readonly file: string,
    private readonly schema: Schema,
  ) {
    this.db = new Low<Record<string, unknown>>(new DurableJsonFile(file, 2), {});
  }

  async load(): Promise<SavedChannelSettings<z.infer<Schema>>> {
    this.db.data = {}; // lowdb keeps what it had when the file is gone
    await this.db.read();
    const parsed = this.schema.safeParse(this.db.data);
    if (!parsed.success) throw new Error(`${this.file}: ${describeProblems(problemsFromZod(parsed.error))}`);
    return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== null && v !== undefined)) as SavedChannelSettings<z.infer<Schema>>;
  }

  /** Applies a validated patch (null removes a value) and writes the file durably with mode 0600. */
  async update(patch: z.infer<Schema>): Promise<SavedChannelSettings<z.infer<Schema>>> {
    const next: Record<string, unknown> = { ...(await this.load()) };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (value === null) delete next[key];
      else next[key] = value;
    }
    this.db.data = next;
    await this.db.write();
    return next as SavedChannelSettings<z.infer<Schema>>;
  }
}
