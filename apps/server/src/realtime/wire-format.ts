import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@vendai/contracts';

/**
 * What travels through Postgres NOTIFY (one channel for the whole app).
 *
 * A NOTIFY payload must be shorter than 8000 bytes. An event whose envelope
 * `{"v":1,"u":"<userId>","e":<event>}` fits in MAX_NOTIFY_BYTES is sent as it is (almost all
 * events). A larger one (a long message text) is split: its UTF-8 bytes in base64, cut into parts
 * `{"v":1,"c":"<id>","i":<index>,"n":<count>,"d":"<base64 part>"}` sent by ONE statement, so one
 * transaction: Postgres delivers a transaction's notifications together, in order, to every
 * listener, and never interleaves another transaction's. Listeners reassemble by id.
 * Nothing is stored in a table and nothing has to be re-read.
 */
export const REALTIME_CHANNEL = 'vendai_realtime';
export const MAX_NOTIFY_BYTES = 7_900;
const PART_CHARS = 7_600;

export interface Envelope {
  /** Owner: the user whose connections receive the event. */
  u: string;
  e: RealtimeEvent;
}

interface Part {
  v: 1;
  c: string;
  i: number;
  n: number;
  d: string;
}

/** The NOTIFY payloads for one event (usually one). */
export function encodeEnvelope(accountId: string, event: RealtimeEvent): string[] {
  const whole = JSON.stringify({ v: 1, u: accountId, e: event });
  if (Buffer.byteLength(whole, 'utf8') <= MAX_NOTIFY_BYTES) return [whole];
  const b64 = Buffer.from(whole, 'utf8').toString('base64');
  const id = randomUUID();
  const n = Math.ceil(b64.length / PART_CHARS);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const part: Part = { v: 1, c: id, i, n, d: b64.slice(i * PART_CHARS, (i + 1) * PART_CHARS) };
    parts.push(JSON.stringify(part));
  }
  return parts;
}

/** Turns NOTIFY payloads back into envelopes; keeps incomplete split events for a minute at most. */
export class EnvelopeDecoder {
  private readonly pending = new Map<string, { parts: string[]; received: number; at: number }>();

  /** The envelope this payload completes, or null (a part of a larger event, or garbage). */
  push(payload: string): Envelope | null {
    let msg: unknown;
    try {
      msg = JSON.parse(payload);
    } catch {
      return null;
    }
    if (!msg || typeof msg !== 'object' || (msg as { v?: unknown }).v !== 1) return null;
    if ('u' in msg && 'e' in msg) return isEnvelope(msg) ? { u: msg.u, e: msg.e } : null;
    const part = msg as Partial<Part>;
    if (
      typeof part.c !== 'string' ||
      typeof part.i !== 'number' ||
      typeof part.n !== 'number' ||
      typeof part.d !== 'string'
    )
      return null;
    if (part.n < 1 || part.n > 10_000 || part.i < 0 || part.i >= part.n) return null;
    this.sweep();
    let entry = this.pending.get(part.c);
    if (!entry) {
      entry = { parts: new Array<string>(part.n), received: 0, at: Date.now() };
      this.pending.set(part.c, entry);
    }
    if (entry.parts[part.i] === undefined) {
      entry.parts[part.i] = part.d;
      entry.received += 1;
    }
    if (entry.received < entry.parts.length) return null;
    this.pending.delete(part.c);
    try {
      const whole = JSON.parse(Buffer.from(entry.parts.join(''), 'base64').toString('utf8')) as unknown;
      return isEnvelope(whole) ? { u: whole.u, e: whole.e } : null;
    } catch {
      return null;
    }
  }

  private sweep() {
    const cutoff = Date.now() - 60_000;
    for (const [id, entry] of this.pending) if (entry.at < cutoff) this.pending.delete(id);
  }
}

function isEnvelope(msg: unknown): msg is Envelope {
  const m = msg as { u?: unknown; e?: { event?: unknown } };
  return typeof m.u === 'string' && !!m.e && typeof m.e === 'object' && typeof m.e.event === 'string';
}
