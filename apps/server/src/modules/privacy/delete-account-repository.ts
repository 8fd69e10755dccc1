import { and, eq, is, ne, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { billingSubscriptions, numbers, profiles, user } from '../../db/schema/index.ts';

// 'Excluir minha conta' (delete-account.ts): what it reads and removes.

export async function findOwnerEmail(db: Db, memberId: string): Promise<string | null> {
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, memberId));
  return owner?.email ?? null;
}

/** The gateway instance names of the account's numbers. */
export async function selectInstanceNames(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ instanceName: numbers.instanceName })
    .from(numbers)
    .where(eq(numbers.userId, memberId));
  return rows.map((r) => r.instanceName);
}

/** The id of the account's subscription unless it is cancelled already, or null. */
export async function findLiveSubscriptionId(db: Db, memberId: string): Promise<string | null> {
  const [sub] = await db
    .select({ id: billingSubscriptions.subscriptionId })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, memberId), ne(billingSubscriptions.status, 'canceled')));
  return sub?.id ?? null;
}

/**
 * In one transaction: the rows without a key to the user (REMOVED_BY_HAND below), then the
 * user row, which cascades to every table keyed to it.
 */
export async function removeAccountRows(db: Db, memberId: string, email: string): Promise<void> {
  const [profile] = await db
    .select({ customer: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, memberId));
  await db.transaction(async (tx) => {
    // The outbox (no SMTP configured): mail to the account and mail about it (feedback to support),
    // the address matched whole: ana@x.com is not inside joana@x.com nor ana@x.com.br.
    await tx.execute(sql`
      delete from mail_outbox
      where lower("to") = lower(${email}) or lower(text || coalesce(html, '')) ~ ${wholeAddressPattern(email)}`);
    await tx.execute(sql`delete from verification where value = ${memberId} or identifier = ${email}`);
    // Counters keyed by the user or the e-mail (the key's last part, after '|'), compared exactly: a
    // LIKE pattern would read '_' and '%' in an address as wildcards and match other people's counters.
    await tx.execute(sql`
      delete from rate_limit_counters
      where right(key, ${memberId.length + 1}) = ${`|${memberId}`}
         or lower(right(key, ${email.length + 1})) = lower(${`|${email}`})`);
    if (profile?.customer)
      await tx.execute(sql`
        delete from billing_events
        where payload -> 'data' -> 'object' ->> 'customer' = ${profile.customer}
           or payload -> 'data' -> 'object' ->> 'id' = ${profile.customer}`);
    await tx.delete(user).where(eq(user.id, memberId));
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

/**
 * Tables that hold an account's data without a foreign key that removes it with the account, and how
 * 'Excluir minha conta' removes it (delete-account.ts; removeAccountRows below). Every other table either has a key to the user
 * (ON DELETE CASCADE) or to such a table, or holds nothing of an account (listed in NOT_ACCOUNT_DATA).
 * account-deletion.test.ts fails when a new table fits none of these.
 */
export const REMOVED_BY_HAND: Record<string, string> = {
  mail_outbox: 'e-mails to the account’s address or mentioning it (feedback sent to support)',
  verification: 'password-reset links (value = the user id)',
  rate_limit_counters: 'abuse-limit counters keyed by the user id or the e-mail',
  billing_events: 'Stripe events about the account’s customer',
};

/** Tables with nothing of any one account in them. */
export const NOT_ACCOUNT_DATA: Record<string, string> = {
  plans: 'the plans on offer',
  sim_instances: 'the built-in WhatsApp simulator: removed by the gateway’s deleteInstance',
  sim_chats: 'the simulator (cascades from sim_instances)',
  sim_messages: 'the simulator (cascades from sim_instances)',
  send_pacing:
    'Cloud API send slots: a time per Meta phone number id, or per number and a hash of a customer’s number; swept a minute after they pass',
};

/** Every table of the app's schema. */
export function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/**
 * Tables removed with the user row by the database itself: a foreign key with ON DELETE CASCADE to
 * `user`, or to a table that is removed that way (numbers → gateway_events, messages → message_insights).
 */
export function cascadingTables(): Set<string> {
  const tables = schemaTables().map((t) => getTableConfig(t));
  const removed = new Set<string>(['user']);
  for (let grown = true; grown;) {
    grown = false;
    for (const config of tables) {
      if (removed.has(config.name)) continue;
      const cascades = config.foreignKeys.some((fk) => {
        const ref = fk.reference();
        return fk.onDelete === 'cascade' && removed.has(getTableConfig(ref.foreignTable).name);
      });
      if (cascades) {
        removed.add(config.name);
        grown = true;
      }
    }
  }
  return removed;
}
