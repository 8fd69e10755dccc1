import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When the next WhatsApp Cloud API send may leave, per key, shared by every server process
 * (docs/decisions/042-cloud-pacing.md): `n|<phone-number-id>` paces a number's throughput,
 * `p|<phone-number-id>|<hash of the customer's wa_id>` spaces the messages to one customer. Each send moves `next_at` on
 * with one atomic upsert and waits for the slot it took; a row whose `next_at` has passed means "free
 * now", so such rows are swept without changing anything.
 */
export const sendPacing = pgTable('send_pacing', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});
