/**
 * Webhook delivery the way Evolution API 2.3.x does it (docs/evolution-api-contract.md#31-envelope): a JSON POST per event to
 * the instance's URL (with the event slug appended when byEvents is on), the custom headers as HTTP
 * headers, and retries with exponential backoff (5 s·2^(n-1), capped, ±20 % jitter) for any failure
 * except the non-retryable statuses, after which the event is dropped (no persistent queue, as there).
 *
 * First attempts of one instance go out in order (a slow receiver delays the next event, like a single
 * socket would); retries run on their own timers, so ordering is not guaranteed while retrying — also
 * as in Evolution.
 */
import { retryDelayMs } from '../lib/retry.ts';
import { SIM_WEBHOOK_RETRY } from './simulator-config.ts';

export interface WebhookTarget {
  url: string;
  headers: Record<string, string>;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
  nonRetryableStatuses: readonly number[];
}

export interface DeliveryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The event slug byEvents appends: messages.upsert → messages-upsert (lower-case, hyphenated). */
export function eventSlug(event: string): string {
  return event.toLowerCase().replace(/[._]/g, '-');
}

/** The config name of an event: messages.upsert → MESSAGES_UPSERT. */
export function eventConfigName(event: string): string {
  return event.replace(/[.-]/g, '_').toUpperCase();
}

/**
 * Backoff before attempt n+1 (n ≥ 1): the server's one backoff (lib/retry.ts: base·2^(n-1), capped,
 * ±20 % jitter), in whole milliseconds and never below the base, as Evolution waits.
 */
export function webhookRetryDelayMs(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random = Math.random,
): number {
  const delay = retryDelayMs(attempt, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs }, random);
  return Math.max(policy.baseDelayMs, Math.round(delay));
}

export interface WebhookDispatcher {
  /** Queues one delivery (fire and forget). */
  dispatch(queue: string, target: WebhookTarget, body: unknown): void;
  /** Resolves when every first attempt queued so far has finished (retries may still be scheduled). */
  settled(): Promise<void>;
  /** Stops: cancels scheduled retries and aborts requests in flight. */
  close(): void;
}

export function createWebhookDispatcher(log: DeliveryLog, policy: RetryPolicy = SIM_WEBHOOK_RETRY): WebhookDispatcher {
  const chains = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const stop = new AbortController();

  async function attempt(target: WebhookTarget, body: unknown, n: number): Promise<void> {
    if (stop.signal.aborted) return;
    let status = 0;
    let failure: string;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(policy.timeoutMs)]),
        redirect: 'manual',
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return;
      failure = `HTTP ${status}`;
    } catch (err) {
      if (stop.signal.aborted) return;
      failure = (err as { cause?: { code?: string } })?.cause?.code ?? (err as Error).name ?? 'network error';
    }
    const event = (body as { event?: string })?.event;
    if (status && policy.nonRetryableStatuses.includes(status)) {
      log.warn({ url: target.url, event, status }, 'simulator webhook refused (not retried)');
      return;
    }
    if (n >= policy.maxAttempts) {
      log.warn({ url: target.url, event, failure, attempts: n }, 'simulator webhook dropped after the last attempt');
      return;
    }
    const delay = webhookRetryDelayMs(n, policy);
    log.info({ url: target.url, event, failure, attempt: n, retryInMs: delay }, 'simulator webhook failed, retrying');
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(target, body, n + 1);
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    dispatch(queue, target, body) {
      if (stop.signal.aborted) return;
      const previous = chains.get(queue) ?? Promise.resolve();
      const next = previous.then(() => attempt(target, body, 1)).catch(() => undefined);
      chains.set(queue, next);
      void next.then(() => {
        if (chains.get(queue) === next) chains.delete(queue);
      });
    },
    async settled() {
      while (chains.size) await Promise.all([...chains.values()]);
    },
    close() {
      stop.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
