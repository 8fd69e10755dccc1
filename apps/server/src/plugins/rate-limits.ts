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
