import type { NtfyMessage, NtfyStandin } from './ntfy-standin.js';

export const NTFY_TOPIC = 'gates-standin';
export const NTFY_REPLY_TOPIC = 'gate-answers-standin';

/** The hub's environment for an ntfy channel on the stand-in. */
export function ntfyEnv(standin: NtfyStandin): NodeJS.ProcessEnv {
  return { GATEHOUSE_NTFY_URL: standin.url, GATEHOUSE_NTFY_TOPIC: NTFY_TOPIC, GATEHOUSE_NTFY_REPLY_TOPIC: NTFY_REPLY_TOPIC, ...(standin.token ? { GATEHOUSE_NTFY_TOKEN: standin.token } : {}) };
}

/** The gate's notification while it is pending (with its buttons). */
export function notificationFor(standin: NtfyStandin, gate: string): Promise<NtfyMessage> {
  return standin.waitFor((m) => m.topic === NTFY_TOPIC && m.sequence_id === gate && (m.actions?.length ?? 0) > 0);
}

/** The gate's notification once it shows the end: same sequence id, no buttons. */
export function endedNotification(standin: NtfyStandin, gate: string): Promise<NtfyMessage> {
  return standin.waitFor((m) => m.topic === NTFY_TOPIC && m.sequence_id === gate && !m.actions?.length);
}
