import type { WebhookNumber } from './webhooks-repository.ts';

/**
 * Instance name → number, for the webhook path: the gateway posts many events per number, and a
 * SELECT per event would cost a round trip on a shared pool. Only found numbers are kept, for
 * `ttlMs` (default 5 s), so a deleted number stops being accepted within seconds and a number
 * created a moment ago (a miss, never remembered) works at once. Concurrent lookups of the same
 * instance share one query. One cache per app instance; nothing here crosses processes.
 */
export interface NumberCache {
  get(instanceName: string): Promise<WebhookNumber | null>;
  /** Drops the entry (and any lookup in flight): the number turned out to be gone. */
  forget(instanceName: string): void;
  /** Keeps a cached entry's status in step with a change this process wrote. */
  setStatus(instanceName: string, status: WebhookNumber['status']): void;
  readonly size: number;
}

export interface NumberCacheOptions {
  load(instanceName: string): Promise<WebhookNumber | null>;
  ttlMs?: number;
  /** Bound on memory; the oldest entry goes first. */
  maxEntries?: number;
  now?(): number;
}

export function createNumberCache({
  load,
  ttlMs = 5_000,
  maxEntries = 10_000,
  now = Date.now,
}: NumberCacheOptions): NumberCache {
  const entries = new Map<string, { number: WebhookNumber; expiresAt: number }>();
  const inflight = new Map<string, Promise<WebhookNumber | null>>();

  const fetch = (instanceName: string) => {
    // The TTL counts from when the query started: the row can only be older than that.
    const startedAt = now();
    const lookup = load(instanceName).then(
      (number) => {
        // Only the lookup still registered may fill the cache: a forget() meanwhile wins.
        if (inflight.get(instanceName) === lookup) {
          inflight.delete(instanceName);
          if (number) {
            entries.delete(instanceName);
            entries.set(instanceName, { number, expiresAt: startedAt + ttlMs });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          }
        }
        return number;
      },
      (err: unknown) => {
        if (inflight.get(instanceName) === lookup) inflight.delete(instanceName);
        throw err;
      },
    );
    inflight.set(instanceName, lookup);
    return lookup;
  };

  return {
    get(instanceName) {
      const entry = entries.get(instanceName);
      if (entry) {
        if (entry.expiresAt > now()) return Promise.resolve(entry.number);
        entries.delete(instanceName);
      }
      return inflight.get(instanceName) ?? fetch(instanceName);
    },
    forget(instanceName) {
      entries.delete(instanceName);
      inflight.delete(instanceName);
    },
    setStatus(instanceName, status) {
      const entry = entries.get(instanceName);
      if (entry) entry.number = { ...entry.number, status };
    },
    get size() {
      return entries.size;
    },
  };
}
