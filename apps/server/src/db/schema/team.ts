import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Team members of an account (docs/decisions/044-team-roles-and-assignment.md). The account is its
 * owner's user id, which every table already scopes by; the owner has no row here. A person belongs to
 * at most one other account (`user_id` is the key), as an attendant.
 */
export const TEAM_ROLES = ['attendant'] as const;

export const accountMembers = pgTable(
  'account_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull().default('attendant'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_members_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * An invitation sent by e-mail: the link carries a random code, only its SHA-256 is stored. Pending
 * while not accepted, revoked or expired; at most one pending per (account, e-mail) — a re-invite
 * revokes the previous one.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('account_invitations_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('account_invitations_open_unique')
      .on(t.accountId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
