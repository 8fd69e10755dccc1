import type { FastifyBaseLogger } from 'fastify';
import { parsePhone, type RegisterInput } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { translateAuthError } from '../../integrations/auth/auth-messages.ts';
import { findFreePlan, setActivePlan, updateProfilePhone } from './account-repository.ts';

export interface RegisterAccountOptions {
  deps: AppDeps;
  input: RegisterInput;
  headers: Headers;
  log: FastifyBaseLogger;
}

/**
 * Creates the account and its session, then saves the phone and activates the free plan. As in
 * docs/product/messages.md, a failure in those two follow-ups is logged and the sign-up still succeeds.
 * Returns the session cookies for the reply.
 */
export async function registerAccount({ deps, input, headers, log }: RegisterAccountOptions) {
  const response = await deps.auth.api.signUpEmail({
    body: { name: input.fullName, email: input.email, password: input.password },
    headers,
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    const translated = translateAuthError(response.status, body.code);
    throw new AppError(translated.code, translated.message);
  }
  const { user } = (await response.json()) as { user: { id: string; name: string; email: string } };

  const phone = parsePhone(input.phone);
  try {
    if (phone) await updateProfilePhone(deps.db, user.id, phone);
  } catch (err) {
    log.error({ err, userId: user.id }, 'could not save the phone after sign-up');
  }
  try {
    const plan = await findFreePlan(deps.db);
    if (plan) await setActivePlan(deps.db, user.id, plan.id, 'active');
    else log.warn({ userId: user.id }, 'no free plan found: activation skipped');
  } catch (err) {
    log.error({ err, userId: user.id }, 'could not activate the free plan after sign-up');
  }
  return { user, cookies: response.headers.getSetCookie() };
}
