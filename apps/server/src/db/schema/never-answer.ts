import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Contacts the AI never answers, per account (the inbox's 'Nunca responder', decision 015). Kept apart
 * from conversations so the rule survives a new conversation with the same contact (on any of the
 * account's numbers); conversations.never_answer is its copy, set when a conversation is created.
 */
export const neverAnswerContacts = pgTable(
  'never_answer_contacts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The contact's JID as conversations.contact_jid holds it. */
    contactJid: text('contact_jid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactJid] })],
);
