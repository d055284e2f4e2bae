// Installs gatehouse's hook into a CLI's own hooks file and takes it out again exactly: the file's original
// bytes (or its absence) are kept in the data directory at install, and uninstall puts them back as long as the
// file still holds what install wrote; if the person changed it since, only the gatehouse hook is taken out.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AgentHooks } from './agent-hooks.js';
import { gatehouseEntries, gatehouseEvents, withHook, withoutHook } from './hooks-file.js';

interface InstallRecord {
  path: string;
  /** The file's bytes before install (base64), or null when it did not exist. */
  original: string | null;
  /** What install wrote. */
  written: string;
}

export interface HookFilePlan {
  path: string;
  /** What the file will hold; null when there is nothing to do. */
  next: string | null;
  /** One line on what happens, for the person. */
  summary: string;
  apply(): Promise<void>;
}

const recordPath = (dataDir: string, agent: AgentHooks) => join(dataDir, 'hooks-installed', `${agent.id}.json`);

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** `command`: the hook's command line for each event. */
export async function planInstall(agent: AgentHooks, opts: { path: string; dataDir: string; command: (event: string) => string; timeoutSeconds: number }): Promise<HookFilePlan> {
  const before = await readOrNull(opts.path);
  const next = withHook(before?.toString('utf8') ?? null, opts.path, agent, gatehouseEntries(agent, opts.command, opts.timeoutSeconds));
  return {
    path: opts.path,
    next,
    summary:
      next === null
        ? `${opts.path} already has the gatehouse hooks for ${agent.name}; nothing to do`
        : `${before ? 'add to' : 'create'} ${opts.path}: ${gatehouseEvents(agent).map((e) => `a ${e} hook running \`${opts.command(e)}\``).join(', and ')}`,
    async apply() {
      if (next === null) return;
      const record: InstallRecord = { path: opts.path, original: before?.toString('base64') ?? null, written: next };
      await mkdir(dirname(recordPath(opts.dataDir, agent)), { recursive: true });
      await writeFile(recordPath(opts.dataDir, agent), JSON.stringify(record, null, 2), { mode: 0o600 });
      await mkdir(dirname(opts.path), { recursive: true });
      await writeFile(opts.path, next);
    },
  };
}

export async function planUninstall(agent: AgentHooks, opts: { path: string; dataDir: string }): Promise<HookFilePlan> {
  const current = (await readOrNull(opts.path))?.toString('utf8') ?? null;
  const rawRecord = await readOrNull(recordPath(opts.dataDir, agent));
  const record: InstallRecord | null = rawRecord ? JSON.parse(rawRecord.toString('utf8')) : null;
  const forget = () => rm(recordPath(opts.dataDir, agent), { force: true });
  if (record && record.path === opts.path && current === record.written) {
    const original = record.original === null ? null : Buffer.from(record.original, 'base64');
    return {
      path: opts.path,
      next: original?.toString('utf8') ?? '',
      summary: original ? `restore ${opts.path} to exactly what it was before install` : `remove ${opts.path} (install created it)`,
      async apply() {
        if (original) await writeFile(opts.path, original);
        else await rm(opts.path, { force: true });
        await forget();
      },
    };
  }
  const next = current === null ? null : withoutHook(current, opts.path, agent);
  return {
    path: opts.path,
    next,
    summary: next === null ? `${opts.path} has no gatehouse hook for ${agent.name}; nothing to do` : `take the gatehouse hook out of ${opts.path} (the file changed since install, so the rest stays as it is now)`,
    async apply() {
      if (next !== null) await writeFile(opts.path, next);
      await forget();
    },
  };
}
