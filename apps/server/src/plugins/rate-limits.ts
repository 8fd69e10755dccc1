import type { FastifyRequest, preHandlerAsyncHookHandler, RouteShorthandOptions } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { RateLimitCounter } from './rate-limit-store.ts';

/**
 * Route limits (`config.rateLimit`) count on the shared counters in PostgreSQL, whichever process
 * answers: app.ts registers @fastify/rate-limit with rate-limit-store.ts's store.
 *
 * Per-route limit for sign-in, sign-up, reset and password requests, keyed by client address
 * (`req.clientAddress`: an IPv6 client's /64 counts as one) and (when
 * the body has one) the e-mail, so one attacker cannot lock out a person and one person cannot flood.
 */
export function authRateLimit(perMinute: number): RouteShorthandOptions['config'] {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (req: FastifyRequest) => `${req.routeOptions.url}|${req.clientAddress}|${bodyEmail(req) ?? ''}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    },
  };
}

/**
 * Per-user limit for routes that call the AI on the owner's behalf (prompt coach, playground): keyed
 * by the signed-in user (requireUser runs first), `perMinute` calls in a fixed minute.
 */
export function userRateLimit(perMinute: number, message?: string): RouteShorthandOptions['config'] {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (req: FastifyRequest) => `${req.routeOptions.url}|${req.user?.id ?? req.clientAddress}`,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', message),
    },
  };
}

/** Window of the per-address failed sign-in cap (AUTH_SIGN_IN_FAILURES_PER_IP). */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface FailureLimiter {
  /** True when `key` already failed `max` times in the current window. */
  isBlocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
}

/**
 * Counts failures per key (a client address) in a fixed window, on the shared counters (every process
 * sees the same count): wrong sign-ins across any number of e-mails. Successful attempts cost nothing,
 * so an office behind one address is not locked out by its own people signing in.
 */
export function createFailureLimiter(
  counter: RateLimitCounter,
  { name, max, windowMs }: { name: string; max: number; windowMs: number },
): FailureLimiter {
  return {
    isBlocked: async (key) => (await counter.read(`${name}|${key}`)).count >= max,
    async recordFailure(key) {
      await counter.increment(`${name}|${key}`, windowMs);
    },
  };
}

/**
 * A limit of its own, beside a route's `config.rateLimit` (one per route): at most `max` requests per
 * `subject` (a client address, an e-mail, an account) in a fixed window of `windowMs`, counted across
 * processes. As a preHandler it runs after the session and the body's validation, so a refused form
 * costs nothing; past the limit it answers 429 with `message` and Retry-After.
 */
export function sharedLimit(
  counter: RateLimitCounter,
  {
    name,
    max,
    windowMs,
    subject,
    message,
  }: {
    name: string;
    max: number;
    windowMs: number;
    /** Whom the request counts against; null: this request is not limited (e.g. no e-mail given). */
    subject: (req: FastifyRequest) => string | null;
    message: string;
  },
): preHandlerAsyncHookHandler {
  return async (req, reply) => {
    const who = subject(req);
    if (who === null) return;
    const { count, resetAt } = await counter.increment(`${name}|${who}`, windowMs);
    if (count <= max) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))));
    throw new AppError('RATE_LIMITED', message);
  };
}

/** The e-mail of a JSON body, trimmed and lower-cased; null when there is none. */
export function bodyEmail(req: FastifyRequest): string | null {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}
