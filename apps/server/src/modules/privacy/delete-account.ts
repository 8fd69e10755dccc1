import { PRIVACY_MESSAGES } from '@vendai/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { billingSubscriptions, numbers, profiles, user } from '../../db/schema/index.ts';
import type { Auth } from '../../integrations/auth/create-auth.ts';
import { GatewayError, type Gateway } from '../../integrations/gateway/gateway.ts';
import type { Payments } from '../../integrations/payments/payments.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';

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
 * every table keyed to it; account-tables.ts lists the rest).
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: { userId: string; password: string; headers: Headers },
): Promise<{ clearCookies: string[] }> {
  const { db, log } = deps;
  await confirmPassword(deps.auth, input);
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, input.userId));
  if (!owner) throw new AppError('NOT_FOUND');

  await disconnectNumbers(deps, input.userId);
  await cancelSubscription(deps, input.userId);
  const signedOut = await deps.auth.api.signOut({ headers: input.headers, returnHeaders: true });
  const files = await deps.storage.removeOwner(input.userId);
  await removeRows(db, input.userId, owner.email);
  log.info({ userId: input.userId, files }, 'account deleted at the owner’s request');
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

async function disconnectNumbers(deps: DeleteAccountDeps, userId: string): Promise<void> {
  const rows = await deps.db
    .select({ instanceName: numbers.instanceName })
    .from(numbers)
    .where(eq(numbers.userId, userId));
  for (const { instanceName } of rows) {
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

async function cancelSubscription(deps: DeleteAccountDeps, userId: string): Promise<void> {
  const [sub] = await deps.db
    .select({ id: billingSubscriptions.subscriptionId })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), ne(billingSubscriptions.status, 'canceled')));
  if (!sub || !deps.payments) return;
  try {
    await deps.payments.cancelSubscription(sub.id);
  } catch (err) {
    deps.log.warn({ err }, 'account deletion: subscription cancel failed');
    throw new AppError('UPSTREAM', PRIVACY_MESSAGES.paymentsFailed, { cause: err });
  }
}

/** The rows: those without a key to the user first (account-tables.ts: REMOVED_BY_HAND), then the user. */
async function removeRows(db: Db, userId: string, email: string): Promise<void> {
  const [profile] = await db
    .select({ customer: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  await db.transaction(async (tx) => {
    // The outbox (no SMTP configured): mail to the account and mail about it (feedback to support),
    // the address matched whole: ana@x.com is not inside joana@x.com nor ana@x.com.br.
    await tx.execute(sql`
      delete from mail_outbox
      where lower("to") = lower(${email}) or lower(text || coalesce(html, '')) ~ ${wholeAddressPattern(email)}`);
    await tx.execute(sql`delete from verification where value = ${userId} or identifier = ${email}`);
    // Counters keyed by the user or the e-mail (the key's last part, after '|'), compared exactly: a
    // LIKE pattern would read '_' and '%' in an address as wildcards and match other people's counters.
    await tx.execute(sql`
      delete from rate_limit_counters
      where right(key, ${userId.length + 1}) = ${`|${userId}`}
         or lower(right(key, ${email.length + 1})) = lower(${`|${email}`})`);
    if (profile?.customer)
      await tx.execute(sql`
        delete from billing_events
        where payload -> 'data' -> 'object' ->> 'customer' = ${profile.customer}
           or payload -> 'data' -> 'object' ->> 'id' = ${profile.customer}`);
    await tx.delete(user).where(eq(user.id, userId));
  });
}

/**
 * A PostgreSQL regular expression finding `email` (lower-cased) as a whole address in lower-cased text:
 * not preceded by a character an address may hold, not followed by one (a final '.' ends a sentence).
 */
function wholeAddressPattern(email: string): string {
  const literal = email.toLowerCase().replace(/[\\.^$*+?()[\]{}|-]/g, '\\$&');
  return `(^|[^a-z0-9._%+-])${literal}($|[^a-z0-9_-]|\\.($|[^a-z0-9]))`;
}
