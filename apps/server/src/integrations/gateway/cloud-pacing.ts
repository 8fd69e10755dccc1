import { createHash } from 'node:crypto';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { retryDelayMs } from '../../lib/retry.ts';
import { GatewayError } from './gateway.ts';
import { deletePastPacingSlots, holdPacingKey, takePacingSlot } from './send-pacing-repository.ts';

/**
 * Pacing of WhatsApp Cloud API sends, shared by every process on the database
 * (docs/decisions/042-cloud-pacing.md). Two slot keys in `send_pacing`:
 * - the number (`n|<phone-number-id>`): one send every 1/META_SEND_RATE_PER_SECOND s (Meta's
 *   throughput, 80 messages/s by default);
 * - the pair (`p|<phone-number-id>|<hash of the wa_id>`): one send to the same customer every META_PAIR_SPACING_MS
 *   (split parts of a reply arrive a few seconds apart, under Meta's pair rate limit).
 * Taking a slot is one atomic upsert that moves `next_at` on by the interval from
 * max(next_at, now()) and returns how long to wait for the slot taken; the database's clock is the
 * one clock of every process. Nothing is held while waiting.
 */
export interface CloudPacer {
  /** Waits for the pair's slot, then for the number's: the send may leave when this resolves. */
  take(phoneNumberId: string, waId: string): Promise<void>;
  /** Meta refused for rate: no send of this number (or of this pair) leaves before `ms` from now. */
  holdBack(phoneNumberId: string, waId: string | null, ms: number): Promise<void>;
}

export interface CloudPacerOptions {
  /** META_SEND_RATE_PER_SECOND. */
  ratePerSecond: number;
  /** META_PAIR_SPACING_MS. */
  pairSpacingMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Sends again after a refusal for rate, and the longest wait between two (Retry-After included). */
const THROTTLE_RETRIES = 5;
const BACKOFF_MAX_MS = 60_000;
/** How often, at most, one process deletes slots long past (they mean "free now" anyway). */
const SWEEP_EVERY_MS = 10 * 60_000;
const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const numberKey = (phoneNumberId: string) => `n|${phoneNumberId}`;
/** The customer's number is kept only as a hash: the table holds no phone numbers. */
export const pairKey = (phoneNumberId: string, waId: string) =>
  `p|${phoneNumberId}|${createHash('sha256').update(waId).digest('base64url').slice(0, 22)}`;

export function createCloudPacer(db: Db, options: CloudPacerOptions): CloudPacer {
  const sleep = options.sleep ?? timer;
  const numberIntervalMs = 1000 / options.ratePerSecond;
  let lastSweep = Date.now();

  function sweep() {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    deletePastPacingSlots(db).catch(() => {});
  }

  return {
    async take(phoneNumberId, waId) {
      if (options.pairSpacingMs > 0) {
        const wait = await takePacingSlot(db, pairKey(phoneNumberId, waId), options.pairSpacingMs);
        if (wait > 0) await sleep(wait);
      }
      // The number's slot is taken after the pair's wait, so a customer's pause holds no one else's send.
      const wait = await takePacingSlot(db, numberKey(phoneNumberId), numberIntervalMs);
      if (wait > 0) await sleep(wait);
      sweep();
    },
    async holdBack(phoneNumberId, waId, ms) {
      const key = waId ? pairKey(phoneNumberId, waId) : numberKey(phoneNumberId);
      await holdPacingKey(db, key, ms);
    },
  };
}

/** The configured pacing every Cloud send uses (adapter and templates): the shared pacer and the back-off base. */
export function cloudPacingOf(
  env: Pick<Env, 'META_SEND_RATE_PER_SECOND' | 'META_PAIR_SPACING_MS' | 'META_BACKOFF_BASE_MS'>,
  db: Db,
): { pacer: CloudPacer; backoffBaseMs: number } {
  return {
    pacer: createCloudPacer(db, {
      ratePerSecond: env.META_SEND_RATE_PER_SECOND,
      pairSpacingMs: env.META_PAIR_SPACING_MS,
    }),
    backoffBaseMs: env.META_BACKOFF_BASE_MS,
  };
}

/** A Graph API answer outside 2xx, with its `Retry-After` (ms) when it gave one. */
export class GraphRefusal extends GatewayError {
  constructor(
    status: number,
    message: string,
    body: unknown,
    outcome: GatewayError['outcome'],
    readonly retryAfterMs: number | null,
  ) {
    super(status, message, body, outcome);
  }
}

/** Meta's refusals for rate, and which slot they are about (Graph error codes, or HTTP 429). */
const PAIR_CODES = new Set([131056]);
const NUMBER_CODES = new Set([4, 80007, 130429]);

/**
 * A refusal Meta answered because of rate: 'pair' (131056, too many messages to this customer) or
 * 'number' (130429 throughput, 80007 the WABA's limit, 4 the app's, or any HTTP 429); null for
 * anything else. Only refusals count: Meta did not send the message, so sending it again later
 * cannot duplicate it. An unknown outcome is never one of these.
 */
export function throttleScope(err: unknown): 'pair' | 'number' | null {
  if (!(err instanceof GatewayError) || err.outcome !== 'refused') return null;
  const code = (err.body as { error?: { code?: unknown } } | null)?.error?.code;
  if (typeof code === 'number' && PAIR_CODES.has(code)) return 'pair';
  if (err.status === 429 || (typeof code === 'number' && NUMBER_CODES.has(code))) return 'number';
  return null;
}

/** `Retry-After` in ms (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One message out, paced (the number's throughput, the customer's spacing) and, when Meta refuses it
 * for rate, sent again after a back-off held on the refused slot for every process: a refusal means
 * Meta did not send it, so this never duplicates. Any other failure, and an unknown outcome above
 * all, is thrown at once for the engine to handle (domain/outbound/send-outbound.ts).
 */
export async function sendPaced<T>(
  options: { pacer?: CloudPacer; backoffBaseMs: number },
  phoneNumberId: string,
  waId: string,
  post: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await options.pacer?.take(phoneNumberId, waId);
    try {
      return await post();
    } catch (err) {
      const scope = throttleScope(err);
      if (!scope || attempt > THROTTLE_RETRIES) throw err;
      const given = err instanceof GraphRefusal ? err.retryAfterMs : null;
      const wait = Math.min(given ?? retryDelayMs(attempt, { baseMs: options.backoffBaseMs }), BACKOFF_MAX_MS);
      if (options.pacer) await options.pacer.holdBack(phoneNumberId, scope === 'pair' ? waId : null, wait);
      else await timer(wait);
    }
  }
}
