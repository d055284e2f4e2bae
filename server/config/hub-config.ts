import { dataDir, dataPaths, type DataPaths } from './data-paths.js';
import { envNumber } from './env-number.js';

export const DEFAULT_PORT = 47823;

/** Everything the hub is configured with, read once from the environment. */
export interface HubConfig {
  paths: DataPaths;
  host: string;
  /** Port asked for; 0 = any free port. When it is taken, the hub picks a free one and records it. */
  port: number;
  /** Exit after this many seconds with nothing pending, running or connected (0 = never). */
  idleSeconds: number;
  retentionDays: number;
  maxHistory: number;
  /** Open a browser for new web interactions when one can be opened. */
  openBrowser: boolean;
}

export function hubConfigFromEnv(env: NodeJS.ProcessEnv = process.env): HubConfig {
  return {
    paths: dataPaths(dataDir(env)),
    host: env.GATEHOUSE_HOST || '127.0.0.1',
    port: envNumber(env, 'GATEHOUSE_PORT', DEFAULT_PORT),
    idleSeconds: envNumber(env, 'GATEHOUSE_IDLE_SECONDS', 900),
    retentionDays: envNumber(env, 'GATEHOUSE_RETENTION_DAYS', 30),
    maxHistory: envNumber(env, 'GATEHOUSE_MAX_HISTORY', 1000, 1),
    openBrowser: env.GATEHOUSE_NO_BROWSER !== '1',
  };
}
