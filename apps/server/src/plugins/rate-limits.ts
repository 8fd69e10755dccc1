import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Per-route limit for sign-in, sign-up and reset requests, keyed by client address and (when the
 * body has one) the e-mail, so one attacker cannot lock out a person and one person cannot flood.
 */
export function authRateLimit(perMinute: number): RouteShorthandOptions['config'] {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (req: FastifyRequest) => {
        const body = req.body as { email?: unknown } | undefined;
        const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        return `${req.routeOptions.url}|${req.ip}|${email}`;
      },
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    },
  };
}

/**
 * Per-user limit for routes that call the AI on the owner's behalf (prompt coach, playground): keyed
 * by the signed-in user (requireUser runs first), per process, `perMinute` calls in a rolling minute.
 */
export function userRateLimit(perMinute: number, message?: string): RouteShorthandOptions['config'] {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (req: FastifyRequest) => `${req.routeOptions.url}|${req.user?.id ?? req.ip}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', message),
    },
  };
}

/** Window of the per-address failed sign-in cap (AUTH_SIGN_IN_FAILURES_PER_IP). */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface FailureLimiter {
  /** True when `key` already failed `max` times in the current window. */
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
}

/**
 * Counts failures per key (a client address) in a fixed window: wrong sign-ins across any number of
 * e-mails. Successful attempts cost nothing, so an office behind one address is not locked out by
 * its own people signing in. In memory, per process (like @fastify/rate-limit's default store).
 */
export function createFailureLimiter({
  max,
  windowMs,
  now = Date.now,
}: {
  max: number;
  windowMs: number;
  now?: () => number;
}): FailureLimiter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const t = now();
    for (const [key, entry] of entries) if (entry.resetAt <= t) entries.delete(key);
  };
  return {
    isBlocked: (key) => (current(key)?.count ?? 0) >= max,
    recordFailure(key) {
      if (entries.size > 10_000) sweep();
      const entry = current(key);
      if (entry) entry.count += 1;
      else entries.set(key, { count: 1, resetAt: now() + windowMs });
    },
  };
}
