import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';

export const OWNER_ALERT_KINDS = [
  'handoff',
  'needs_owner',
  'hot_lead',
  'spend_ceiling',
  'follow_ups_paused',
  'pix_paid',
  'approval',
  'pix_confirm',
  'delivery_failed',
] as const;
export const OWNER_ALERT_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Alerts to the owner's personal WhatsApp (docs/decisions/015-handoff.md). A row is written only when
 * the limits allow it (at most one per conversation per hour, the account's daily cap), in a
 * transaction holding the owner's profile row, so concurrent processes never exceed them.
 */
export const ownerAlerts = pgTable(
  'owner_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OWNER_ALERT_KINDS }).notNull(),
    status: text('status', { enum: OWNER_ALERT_STATUSES }).notNull().default('pending'),
    /** The three-line summary and link as sent. */
    text: text('text').notNull(),
    /** The owner's personal number (digits, calling code included) it went to. */
    toPhone: text('to_phone'),
    error: text('error'),
    /** The WhatsApp message id of the alert as sent (an owner's reply quoting it names its draft, decision 045). */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('owner_alerts_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('owner_alerts_conv_created_idx').on(t.convId, t.createdAt.desc()),
  ],
);
