import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A member's browsers subscribed to Web Push (docs/decisions/067-web-push.md): the push service's
 * endpoint and the browser's keys (RFC 8291). `member_id` is the person (owner or attendant),
 * `account_id` the account they act on (the owner's user id). One row per endpoint: a browser signed
 * in again by another person moves to them. A push service's 404/410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: text('member_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_account_member_idx').on(t.accountId, t.memberId)],
);

/** What each member wants on their phone; no row: every kind on. */
export const pushPreferences = pgTable('push_preferences', {
  memberId: text('member_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  handoff: boolean('handoff').notNull().default(true),
  draft: boolean('draft').notNull().default(true),
  pixPaid: boolean('pix_paid').notNull().default(true),
  numberDisconnected: boolean('number_disconnected').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
