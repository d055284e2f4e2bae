import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describeProblems, problemsFromZod } from '../../../shared/validation-error.js';
import { adapterConfigSchema, type AdapterConfig } from '../../agents/adapter-schema.js';
import { adapterFromConfig, type IAgentAdapter } from './adapter.js';
import { BUILTIN_ADAPTERS } from './builtin-adapters.js';

export const ADAPTER_FILE_NAMES = ['adapters.yaml', 'adapters.yml', 'adapters.json'];

const ADAPTER_ID = /^[a-z0-9][a-z0-9._-]*$/i;

export class AdapterConfigError extends Error {}

/**
 * The adapters a workflow may name: the built-in ones, extended or overridden by the user's
 * <data dir>/adapters.{yaml,yml,json}. An entry with a built-in id replaces that adapter's fields it sets.
 */
export class AdapterRegistry {
  private readonly adapters = new Map<string, IAgentAdapter>();

  constructor(configs: Record<string, AdapterConfig>) {
    for (const [id, config] of Object.entries(configs)) this.adapters.set(id, adapterFromConfig(id, config));
  }

  /** Built-ins plus the user's file in `dataDir` (re-read on every call, so edits apply to the next run). */
  static load(dataDir: string): AdapterRegistry {
    const configs: Record<string, AdapterConfig> = {};
    for (const [id, raw] of Object.entries(BUILTIN_ADAPTERS)) configs[id] = adapterConfigSchema.parse(raw);
    for (const [id, raw] of Object.entries(readUserAdapters(dataDir))) {
      const base = BUILTIN_ADAPTERS[id] ?? {};
      const merged = adapterConfigSchema.safeParse({ ...base, ...(raw as object) });
      if (!merged.success) throw new AdapterConfigError(`adapters.${id}: ${describeProblems(problemsFromZod(merged.error))}`);
      configs[id] = merged.data;
    }
    return new AdapterRegistry(configs);
  }

  get(id: string): IAgentAdapter | undefined {
    return this.adapters.get(id);
  }

  ids(): string[] {
    return [...this.adapters.keys()];
  }
}

function readUserAdapters(dataDir: string): Record<string, unknown> {
  const file = ADAPTER_FILE_NAMES.map((name) => join(dataDir, name)).find((path) => existsSync(path));
  if (!file) return {};
  let raw: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    raw = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new AdapterConfigError(`${file}: ${(error as Error).message}`);
  }
  const adapters = raw && typeof raw === 'object' ? (raw as { adapters?: unknown }).adapters : undefined;
  if (!adapters || typeof adapters !== 'object' || Array.isArray(adapters)) {
    throw new AdapterConfigError(`${file}: adapters: must be a map of adapter id → { command, args, autoPolicy, detect }`);
  }
  for (const id of Object.keys(adapters)) {
    if (!ADAPTER_ID.test(id)) throw new AdapterConfigError(`${file}: adapters.${id}: ids are letters, digits, . _ -`);
  }
  return adapters as Record<string, unknown>;
}
