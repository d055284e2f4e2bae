// What an ntfy answer button posts to the reply topic: the gate, the option and a capability for exactly that
// pair, signed by a key only the hub holds (HMAC-SHA256; never the hub's credential). Anyone who can write the reply
// topic but did not see the gate's message cannot forge one; a capability is good once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const PREFIX = 'gatehouse-answer';
const CAPABILITY_CHARS = 22; // 128 bits, base64url

export interface ReplyAnswer {
  gate: string;
  /** The option's index in the gate's options (as its button shows it). */
  option: number;
  capability: string;
}

export type ReplyCheck = { ok: true; answer: ReplyAnswer } | { ok: false; reason: 'not-an-answer' | 'forged' | 'reused'; answer: ReplyAnswer | null };

export class ReplyCapabilities {
  /** Capabilities already used (gates settle on first use, so this never needs to outlive the hub). */
  private readonly used = new Set<string>();

  constructor(private readonly key: Buffer) {}

  /** The reply text a button posts for this gate and option. */
  reply(gate: string, option: number): string {
    return `${PREFIX} ${gate} ${option} ${this.sign(gate, option)}`;
  }

  /** Checks a reply; a good one is spent at once (a second use of it is `reused`). */
  check(text: string): ReplyCheck {
    const answer = parseReply(text);
    if (!answer) return { ok: false, reason: 'not-an-answer', answer: null };
    const expected = Buffer.from(this.sign(answer.gate, answer.option));
    const given = Buffer.from(answer.capability);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged', answer };
    if (this.used.has(answer.capability)) return { ok: false, reason: 'reused', answer };
    this.used.add(answer.capability);
    return { ok: true, answer };
  }

  private sign(gate: string, option: number): string {
    return createHmac('sha256', this.key).update(`${PREFIX}:v1:${gate}:${option}`).digest('base64url').slice(0, CAPABILITY_CHARS);
  }
}

export function parseReply(text: string): ReplyAnswer | null {
  const match = /^gatehouse-answer ([\w-]{1,64}) (\d{1,3}) ([\w-]{1,64})$/.exec(text.trim());
  return match ? { gate: match[1]!, option: Number(match[2]), capability: match[3]! } : null;
}

/** The hub's reply key (<data dir>/ntfy-reply-key, 0600), made on first use; kept so buttons work after a restart. */
export async function loadReplyKey(file: string): Promise<Buffer> {
  try {
    const hex = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return key;
}
