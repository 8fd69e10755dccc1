import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingSubscriptions, numbers, profiles, user } from '../../db/schema/index.ts';

// 'Excluir minha conta' (delete-account.ts): what it reads and removes.

export async function findOwnerEmail(db: Db, userId: string): Promise<string | null> {
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return owner?.email ?? null;
}

/** The gateway instance names of the account's numbers. */
export async function selectInstanceNames(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ instanceName: numbers.instanceName }).from(numbers).where(eq(numbers.userId, userId));
  return rows.map((r) => r.instanceName);
}

/** The id of the account's subscription unless it is cancelled already, or null. */
export async function findLiveSubscriptionId(db: Db, userId: string): Promise<string | null> {
  const [sub] = await db
    .select({ id: billingSubscriptions.subscriptionId })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), ne(billingSubscriptions.status, 'canceled')));
  return sub?.id ?? null;
}

/**
 * In one transaction: the rows without a key to the user (account-tables.ts: REMOVED_BY_HAND), then the
 * user row, which cascades to every table keyed to it.
 */
export async function removeAccountRows(db: Db, userId: string, email: string): Promise<void> {
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
