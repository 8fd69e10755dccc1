import { PRIVACY_MESSAGES } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../integrations/auth/create-auth.ts';
import { GatewayError, type Gateway } from '../../integrations/gateway/gateway.ts';
import type { Payments } from '../../integrations/payments/payments.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findLiveSubscriptionId,
  findOwnerEmail,
  removeAccountRows,
  selectInstanceNames,
} from './delete-account-repository.ts';

export interface DeleteAccountDeps {
  db: Db;
  auth: Auth;
  gateway: Gateway;
  storage: Storage;
  /** Null when payments are off: there is no subscription to cancel. */
  payments: Payments | null;
  log: FastifyBaseLogger;
}

/**
 * 'Excluir minha conta' (decision 031). The password confirms it; then, in this order so a failure
 * outside leaves the account whole and the owner can try again: every number is logged out and deleted
 * at the gateway, the subscription is cancelled at Stripe, the session is ended (the cookies to clear
 * are returned), the media files go, and one transaction removes the rows (the user row cascades to
 * every table keyed to it; delete-account-repository.ts's REMOVED_BY_HAND lists the rest).
 * `input.memberId` is the signed-in person's own user (`req.user.actorId`); an owner's is the account.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: { memberId: string; password: string; headers: Headers },
): Promise<{ clearCookies: string[] }> {
  const { db, log } = deps;
  await confirmPassword(deps.auth, input);
  const email = await findOwnerEmail(db, input.memberId);
  if (email === null) throw new AppError('NOT_FOUND');

  await disconnectNumbers(deps, input.memberId);
  await cancelSubscription(deps, input.memberId);
  const signedOut = await deps.auth.api.signOut({ headers: input.headers, returnHeaders: true });
  const files = await deps.storage.removeOwner(input.memberId);
  await removeAccountRows(db, input.memberId, email);
  log.info({ userId: input.memberId, files }, 'account deleted at the owner’s request');
  return { clearCookies: signedOut.headers.getSetCookie() };
}

async function confirmPassword(auth: Auth, input: { password: string; headers: Headers }): Promise<void> {
  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers: input.headers });
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 400 || status === 401)
      throw new AppError('VALIDATION', PRIVACY_MESSAGES.wrongPassword, {
        fields: { password: PRIVACY_MESSAGES.wrongPassword },
        cause: err,
      });
    throw err;
  }
}

async function disconnectNumbers(deps: DeleteAccountDeps, memberId: string): Promise<void> {
  for (const instanceName of await selectInstanceNames(deps.db, memberId)) {
    // Logout fails when the number is not connected: tolerated, the instance is deleted next.
    await deps.gateway.logout(instanceName).catch(() => undefined);
    try {
      await deps.gateway.deleteInstance(instanceName);
    } catch (err) {
      if (err instanceof GatewayError && err.status === 404) continue; // gone already
      deps.log.warn({ err, instanceName }, 'account deletion: gateway delete failed');
      throw new AppError('UPSTREAM', PRIVACY_MESSAGES.gatewayFailed, { cause: err });
    }
  }
}

async function cancelSubscription(deps: DeleteAccountDeps, memberId: string): Promise<void> {
  const subscriptionId = await findLiveSubscriptionId(deps.db, memberId);
  if (!subscriptionId || !deps.payments) return;
  try {
    await deps.payments.cancelSubscription(subscriptionId);
  } catch (err) {
    deps.log.warn({ err }, 'account deletion: subscription cancel failed');
    throw new AppError('UPSTREAM', PRIVACY_MESSAGES.paymentsFailed, { cause: err });
  }
}
