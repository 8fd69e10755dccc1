import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import {
  deleteExpiredRateLimits,
  incrementRateLimit,
  type RateLimitCount,
  readRateLimit,
} from './rate-limit-repository.ts';

/** How often, at most, one process sweeps ended windows out of the table. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * The abuse limits' counters, in PostgreSQL so that they hold across processes (a limit of 10 is 10
 * whichever process answers). Each count is one atomic upsert; a process sweeps ended windows at most
 * every ten minutes, after a count, without making it wait.
 */
export interface RateLimitCounter {
  increment(key: string, windowMs: number): Promise<RateLimitCount>;
  read(key: string): Promise<RateLimitCount>;
}

export function createRateLimitCounter(db: Db, now: () => number = Date.now): RateLimitCounter {
  let lastSweep = now();
  return {
    async increment(key, windowMs) {
      const counted = await incrementRateLimit(db, key, windowMs);
      if (now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now();
        deleteExpiredRateLimits(db).catch(() => {});
      }
      return counted;
    },
    read: (key) => readRateLimit(db, key),
  };
}

/** What @fastify/rate-limit hands a store: its merged options, with the route they are for. */
type RouteInfoOptions = { routeInfo?: { method?: string | string[]; url?: string } };

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on the shared counters: every route's `config.rateLimit` (sign-in,
 * prompt coach, playground, feedback…) counts in PostgreSQL instead of per-process memory. Keys are
 * prefixed with the route, so two routes never share a count by accident.
 */
export function rateLimitStore(counter: RateLimitCounter): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(options: RouteInfoOptions = {}) {
      const route = options.routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
    }
    incr(key: string, cb: Callback, timeWindow: number) {
      counter.increment(this.prefix + key, timeWindow).then(
        ({ count, resetAt }) => cb(null, { current: count, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: Callback) {
      counter.read(this.prefix + key).then(
        ({ count, resetAt }) => cb(null, { current: count, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (err: Error) => cb(err),
      );
    }
    child(options: object) {
      return new SharedRateLimitStore(options as RouteInfoOptions);
    }
  };
}
