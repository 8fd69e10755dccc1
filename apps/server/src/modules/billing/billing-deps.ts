import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Payments } from '../../integrations/payments/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { BILLING_MESSAGES } from '@vendai/contracts';

/** What billing services get (built in register-billing.ts). */
export interface BillingDeps {
  db: Db;
  env: Env;
  /** Null when payments are off (production without Stripe keys): only the free plan works. */
  payments: Payments | null;
  log: FastifyBaseLogger;
}

export function requirePayments(deps: BillingDeps): Payments {
  if (!deps.payments) throw new AppError('NOT_CONFIGURED', BILLING_MESSAGES.notConfigured);
  return deps.payments;
}

/** A payments call that failed: logged, answered 502 with a Portuguese message (never the SDK's text). */
export function upstream(deps: BillingDeps, err: unknown, what: string): never {
  if (err instanceof AppError) throw err;
  deps.log.error({ err, what }, 'payments: call failed');
  throw new AppError('UPSTREAM', BILLING_MESSAGES.upstream, { cause: err });
}
