// `routing:` in the person's policy.yaml (issue 32 §3): per risk grade, which channels reach the person, how long a
// gate waits before it goes to the phone, and what an unanswered gate becomes at its timeout.
//
//   routing:
//     low:    { channels: [portal], phone_after: 5m }
//     medium: { channels: [portal, telegram, ntfy], phone_after: 1m }
//     high:   { channels: [portal, telegram, ntfy], phone_after: 0, on_timeout: deny }
//
// A risk left out keeps its default; a key left out of a risk keeps that risk's default. Every mistake is an error
// with file:line (parsed by policy-file.ts, reported by `gatehouse policy check`).
import { isMap, isScalar, isSeq, type Node as YamlNode, type Pair } from 'yaml';
import { RISK_GRADES, type RiskGrade } from '../../shared/permission/risk.js';

/** Where a gate can be shown. The portal shows every gate whatever the routing; listing it is allowed. */
export const ROUTED_CHANNELS = ['portal', 'telegram', 'ntfy'] as const;
export type RoutedChannel = (typeof ROUTED_CHANNELS)[number];
/** The phone channels (those `phone_after` holds back). */
export type PhoneChannel = Exclude<RoutedChannel, 'portal'>;
export type TimeoutOutcome = 'ask-cli' | 'deny';

export interface RiskRoute {
  channels: RoutedChannel[];
  /** A pending gate goes to the phone channels once it is this old. */
  phoneAfterMs: number;
  /** What an unanswered gate becomes; null: the policy's own `on_timeout`. */
  onTimeout: TimeoutOutcome | null;
}
export type Routing = Record<RiskGrade, RiskRoute>;

const EVERY_CHANNEL: RoutedChannel[] = [...ROUTED_CHANNELS];
/** Needs no configuration: low-risk gates reach the phone after 5 minutes, others at once; high risk is denied at its timeout. */
export const DEFAULT_ROUTING: Routing = {
  low: { channels: EVERY_CHANNEL, phoneAfterMs: 5 * 60_000, onTimeout: null },
  medium: { channels: EVERY_CHANNEL, phoneAfterMs: 0, onTimeout: null },
  high: { channels: EVERY_CHANNEL, phoneAfterMs: 0, onTimeout: 'deny' },
};

/** The grade a gate is routed by: its permission view's risk, or medium (a question, or a gate graded before risk existed). */
export function routedGrade(view: { risk?: { grade: RiskGrade } } | null | undefined): RiskGrade {
  return view?.risk?.grade ?? 'medium';
}

/** How long a gate of this grade waits before `channel` gets it; null: never (the channel is not listed). */
export function phoneDelayMs(routing: Routing, grade: RiskGrade, channel: PhoneChannel): number | null {
  const route = routing[grade];
  return route.channels.includes(channel) ? route.phoneAfterMs : null;
}

/** Whether a gate of this grade, pending for `ageMs`, goes to `channel` now. */
export function phoneDue(routing: Routing, grade: RiskGrade, channel: PhoneChannel, ageMs: number): boolean {
  const delay = phoneDelayMs(routing, grade, channel);
  return delay !== null && ageMs >= delay;
}

/** What an unanswered gate of this grade becomes: the routing's `on_timeout` for it, else the policy's. */
export function timeoutOutcome(routing: Routing, grade: RiskGrade, policyOnTimeout: TimeoutOutcome): TimeoutOutcome {
  return routing[grade].onTimeout ?? policyOnTimeout;
}

type Report = (node: { range?: [number, number, number?] | null } | null | undefined, message: string) => void;
const ROUTE_KEYS = ['channels', 'phone_after', 'on_timeout'];

/** Reads the `routing:` value; what is wrong is reported through `error`, and leaves that part at its default. */
export function parseRouting(node: YamlNode | null, error: Report): Routing {
  const routing: Routing = { low: { ...DEFAULT_ROUTING.low }, medium: { ...DEFAULT_ROUTING.medium }, high: { ...DEFAULT_ROUTING.high } };
  if (node === null || (isScalar(node) && node.value === null)) return routing;
  if (!isMap(node)) {
    error(node, `routing: expected a mapping with the keys ${RISK_GRADES.join(', ')}`);
    return routing;
  }
  for (const pair of node.items as Array<Pair<YamlNode, YamlNode | null>>) {
    const grade = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!(RISK_GRADES as readonly string[]).includes(grade)) {
      error(pair.key, `routing: unknown risk ${JSON.stringify(grade)}: expected ${RISK_GRADES.join(', ')}`);
      continue;
    }
    readRoute(pair.value, grade as RiskGrade, routing[grade as RiskGrade], error);
  }
  return routing;
}

function readRoute(node: YamlNode | null, grade: RiskGrade, route: RiskRoute, error: Report): void {
  const where = `routing.${grade}`;
  if (node === null || (isScalar(node) && node.value === null)) return;
  if (!isMap(node)) {
    error(node, `${where}: expected a mapping such as { channels: [portal, ntfy], phone_after: 5m }`);
    return;
  }
  for (const pair of node.items as Array<Pair<YamlNode, YamlNode | null>>) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const value = pair.value;
    if (key === 'channels') {
      const channels = readChannels(value, `${where}.channels`, error);
      if (channels) route.channels = channels;
    } else if (key === 'phone_after') {
      const ms = isScalar(value) ? durationMs(value.value) : null;
      if (ms === null) error(value ?? pair.key, `${where}.phone_after: expected a duration such as 0, 30s, 5m or 1h (got ${JSON.stringify(isScalar(value) ? value.value : null)})`);
      else route.phoneAfterMs = ms;
    } else if (key === 'on_timeout') {
      const v = isScalar(value) ? value.value : undefined;
      if (v === 'ask-cli' || v === 'deny') route.onTimeout = v;
      else if (v === 'allow') error(value ?? pair.key, `${where}.on_timeout: a timeout never allows; expected ask-cli or deny`);
      else error(value ?? pair.key, `${where}.on_timeout: expected ask-cli or deny (got ${JSON.stringify(v ?? null)})`);
    } else {
      error(pair.key, `${where}: unknown key ${JSON.stringify(key)}: expected ${ROUTE_KEYS.join(', ')}`);
    }
  }
}

function readChannels(node: YamlNode | null, where: string, error: Report): RoutedChannel[] | null {
  const items = isSeq(node) ? (node.items as Array<YamlNode | null>) : isScalar(node) && typeof node.value === 'string' ? [node] : null;
  if (!items) {
    error(node, `${where}: expected a list such as [portal, telegram, ntfy]`);
    return null;
  }
  const out: RoutedChannel[] = [];
  for (const item of items) {
    const name = isScalar(item) ? item.value : undefined;
    if (typeof name !== 'string' || !(ROUTED_CHANNELS as readonly string[]).includes(name)) {
      error(item ?? node, `${where}: unknown channel ${JSON.stringify(name ?? null)}: expected ${ROUTED_CHANNELS.join(', ')}`);
      return null;
    }
    if (!out.includes(name as RoutedChannel)) out.push(name as RoutedChannel);
  }
  return out;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `0`, a number of seconds, or `<n>ms|s|m|h`; null when it is none of those. */
export function durationMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  if (!match) return null;
  return Math.round(Number(match[1]) * UNIT_MS[match[2] ?? 's']!);
}
