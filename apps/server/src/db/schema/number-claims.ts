import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Who tried to connect a phone by QR code, and when (docs/decisions/052-attendant-permissions-and-number-claims.md):
 * one row per phone and account, its time moved on each new claim. At most NUMBER_CLAIM_ACCOUNTS_PER_DAY
 * accounts may claim one phone in 24 hours. `phone_key` is the phone in one form (a Brazilian mobile with
 * its ninth digit). Removed with the account like all its data; rows are swept a day after their last claim.
 */
export const numberClaims = pgTable(
  'number_claims',
  {
    phoneKey: text('phone_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phoneKey, t.userId] }), index('number_claims_claimed_at_idx').on(t.claimedAt)],
);
