import type { GateSource } from '../../shared/choice/gate-source.js';
import type { KeyHolder } from './agent-keys.js';

/**
 * The source of a gate started with an agent key: labelled with the key's machine (shown wherever the source is:
 * "claude-code · api-server · devbox") and marked with the key's id, which alone may poll and cancel it. Whatever
 * a client claims, the hub sets these two; a gate started with the person's credential keeps its source as sent.
 */
export function fromMachine(source: GateSource | null, holder: KeyHolder | null): GateSource | null {
  if (!holder) return source;
  return { ...(source ?? { kind: 'api', agent: null, project: null, branch: null }), machine: holder.name, machine_key: holder.id };
}

type Creates = { create(validated: never, iface: never, now?: number, source?: GateSource | null): unknown };

/**
 * `sessions` as seen by one request of an agent key: each gate it creates carries the key's machine (fromMachine).
 * For code that creates gates itself (the permission hook's route): every other member is the real one, bound to it.
 */
export function sessionsForMachine<T extends Creates>(sessions: T, holder: KeyHolder | null): T {
  if (!holder) return sessions;
  return new Proxy(sessions, {
    get(target, property) {
      if (property === 'create') {
        return (validated: never, iface: never, now?: number, source: GateSource | null = null) => target.create(validated, iface, now, fromMachine(source, holder));
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
