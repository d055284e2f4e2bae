import type { BenchModule } from './bench-row.js';

/** Every benchmark area, in print order. Add a line per area. */
export const benchModules: Record<string, () => Promise<BenchModule>> = {
  hub: async () => (await import('./hub.bench.js')).default,
  'hub-store': async () => (await import('./hub-store.bench.js')).default,
  mcp: async () => (await import('./mcp.bench.js')).default,
  portal: async () => (await import('./portal.bench.js')).default,
  'first-page': async () => (await import('./first-page.bench.js')).default,
  notifications: async () => (await import('./notification.bench.js')).default,
  ws: async () => (await import('./ws.bench.js')).default,
  terminal: async () => (await import('./terminal.bench.js')).default,
  orchestrator: async () => (await import('./orchestrator.bench.js')).default,
  pty: async () => (await import('./pty.bench.js')).default,
  telegram: async () => (await import('./telegram.bench.js')).default,
  ntfy: async () => (await import('./ntfy.bench.js')).default,
  policy: async () => (await import('./policy.bench.js')).default,
  paired: async () => (await import('./paired.bench.js')).default,
  'permission-view': async () => (await import('./permission-view.bench.js')).default,
  risk: async () => (await import('./risk.bench.js')).default,
};
