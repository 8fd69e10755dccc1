import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { numbers } from './app.ts';
import { user } from './auth.ts';

/** Meta's pricing categories (webhook `pricing.category`; docs/decisions/064-cloud-meter-and-one-balloon.md). */
export const CLOUD_PRICE_CATEGORIES = ['service', 'utility', 'marketing', 'authentication'] as const;
export type CloudPriceCategory = (typeof CLOUD_PRICE_CATEGORIES)[number];

/**
 * One row per message Meta accepted from a Cloud API number (docs/decisions/064-cloud-meter-and-one-balloon.md):
 * written by the door out when the send is accepted (VendAI's own reading of its category: free text is
 * 'service', a template its category) and corrected by Meta's status webhooks when they carry `pricing`
 * (`priced_by` 'meta'). The month's meter per number is a count over `(user_id, sent_at)`.
 */
export const cloudMessageMeter = pgTable(
  'cloud_message_meter',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    numberId: uuid('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    /** Meta's message id (wamid). */
    externalId: text('external_id').notNull(),
    /** 'service', 'utility', 'marketing', 'authentication' (Meta's; another category Meta names is kept as it came). */
    category: text('category').notNull(),
    /** Whether Meta charges it: Meta's `pricing.billable` when known, else VendAI's reading of the pricing rules. */
    billable: boolean('billable').notNull(),
    /** 'vendai' until a status webhook with Meta's pricing arrives, then 'meta'. */
    pricedBy: text('priced_by', { enum: ['vendai', 'meta'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.numberId, t.externalId] }),
    index('cloud_message_meter_user_sent_idx').on(t.userId, t.sentAt),
  ],
);
