// "Yes, for the rest of this session" on a permission gate: the rules made from the request (narrowestRule),
// granted to one agent CLI session (the session id its hook input carries), kept in the hub's memory only and
// for at most 24 hours. A new session, or a hub restart, asks again.
export const SESSION_GRANT_MS = 24 * 60 * 60 * 1000;

interface Grant {
  rules: Set<string>;
  until: number;
}

export class SessionGrants {
  private readonly grants = new Map<string, Grant>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Grants `rules` to the agent's session until 24 h after its first grant. */
  add(agent: string, session: string, rules: string[]): void {
    this.prune();
    const key = keyOf(agent, session);
    const grant = this.grants.get(key) ?? { rules: new Set<string>(), until: this.now() + SESSION_GRANT_MS };
    for (const rule of rules) grant.rules.add(rule);
    this.grants.set(key, grant);
  }

  /** True when every one of `rules` (a request's narrowest rules, non-empty) was granted to this session. */
  covers(agent: string, session: string, rules: string[]): boolean {
    if (rules.length === 0) return false;
    const grant = this.grants.get(keyOf(agent, session));
    if (!grant || grant.until <= this.now()) return false;
    return rules.every((rule) => grant.rules.has(rule));
  }

  private prune(): void {
    const now = this.now();
    for (const [key, grant] of this.grants) if (grant.until <= now) this.grants.delete(key);
  }
}

const keyOf = (agent: string, session: string) => `${agent}\u0000${session}`;
