import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';

/**
 * Tables that hold an account's data without a foreign key that removes it with the account, and how
 * 'Excluir minha conta' removes it (delete-account.ts). Every other table either has a key to the user
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
