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
  /** GATEHOUSE_TLS: auto (TLS off loopback only), on (TLS on loopback too), off (plain HTTP; refused off loopback unless allowPlainHttp). */
  tls: 'auto' | 'on' | 'off';
  /** GATEHOUSE_ALLOW_PLAIN_HTTP=1: the person's explicit opt-out of TLS on a non-loopback address. */
  allowPlainHttp: boolean;
}

const TLS_MODES = ['auto', 'on', 'off'] as const;

function tlsMode(env: NodeJS.ProcessEnv): HubConfig['tls'] {
  const raw = (env.GATEHOUSE_TLS ?? '').trim().toLowerCase() || 'auto';
  if (!(TLS_MODES as readonly string[]).includes(raw)) throw new Error(`GATEHOUSE_TLS: must be one of ${TLS_MODES.join(', ')} (got ${JSON.stringify(env.GATEHOUSE_TLS)})`);
  return raw as HubConfig['tls'];
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
    tls: tlsMode(env),
    allowPlainHttp: env.GATEHOUSE_ALLOW_PLAIN_HTTP === '1',
  };
}
