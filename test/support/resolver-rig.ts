import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ResolveManager } from '../../server/resolver/resolve-manager.js';
import type { ResolveState, ResolveTaskView } from '../../server/resolver/resolve-types.js';
import { defaultTsciFixtureData, startFakeTsciRegistry, tsciChildEnv, type FakeTsciRegistry } from './fake-tsci-registry.js';

export const FAKE_TSCI = fileURLToPath(new URL('../fixtures/programs/fake-tsci/tsci.mjs', import.meta.url));

export interface ResolverRig {
  registry: FakeTsciRegistry;
  manager: ResolveManager;
  env: Record<string, string>;
  project(): string;
  waitFor(id: string, states: ResolveState[]): Promise<ResolveTaskView>;
  close(): Promise<void>;
}

/** A resolve manager driving the fake tsci against the fake registry, with temp project dirs. */
export async function startResolverRig(tsci = `${process.execPath} ${FAKE_TSCI}`): Promise<ResolverRig> {
  const registry = await startFakeTsciRegistry(defaultTsciFixtureData);
  const env = { ...tsciChildEnv(registry), GATEHOUSE_TSCI: tsci };
  const manager = new ResolveManager(env);
  const dirs: string[] = [];
  return {
    registry,
    manager,
    env,
    project() {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-resolve-'));
      dirs.push(dir);
      return dir;
    },
    async waitFor(id, states) {
      await expect.poll(() => manager.get(id).state, { timeout: 30_000, interval: 5 }).toSatisfy((s: ResolveState) => states.includes(s));
      return manager.get(id).view();
    },
    async close() {
      await manager.closeAll();
      await registry.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}
