/** What an inline button does. Its callback data (≤ 64 bytes) names the gate, so a tap needs no other state. */
export type ButtonAction =
  | { action: 'pick'; sessionId: string; option: number }
  | { action: 'toggle'; sessionId: string; option: number }
  | { action: 'done'; sessionId: string }
  | { action: 'cancel'; sessionId: string };

const CODES = { pick: 'p', toggle: 't', done: 'd', cancel: 'c' } as const;
const ACTIONS = { p: 'pick', t: 'toggle', d: 'done', c: 'cancel' } as const;

export function buttonData(button: ButtonAction): string {
  const option = 'option' in button ? `:${button.option}` : '';
  return `${CODES[button.action]}:${button.sessionId}${option}`;
}

/** Parses callback data; null when it is not one of ours. */
export function parseButtonData(data: string): ButtonAction | null {
  const match = /^([ptdc]):([\w-]{1,40})(?::(\d{1,3}))?$/.exec(data);
  if (!match) return null;
  const action = ACTIONS[match[1] as keyof typeof ACTIONS];
  const sessionId = match[2];
  if (action === 'pick' || action === 'toggle') return match[3] === undefined ? null : { action, sessionId, option: Number(match[3]) };
  return match[3] === undefined ? { action, sessionId } : null;
}
