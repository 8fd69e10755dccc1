import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * What an account's attendants may do beyond the inbox's everyday work
 * (docs/decisions/052-attendant-permissions-and-number-claims.md): one row per account, written when the
 * owner first changes one on Equipe. No row: every permission off (DEFAULT_ATTENDANT_PERMISSIONS).
 */
export const teamPermissions = pgTable('team_permissions', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  labels: boolean('labels').notNull().default(false),
  quickReplies: boolean('quick_replies').notNull().default(false),
  approvalOverride: boolean('approval_override').notNull().default(false),
  marketingTemplates: boolean('marketing_templates').notNull().default(false),
  quotePricing: boolean('quote_pricing').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
