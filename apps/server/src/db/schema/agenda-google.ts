import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agendaBlocks, agendaProfessionals } from './agenda.ts';
import { user } from './auth.ts';

/**
 * Google Calendar per professional (docs/decisions/070-agenda-in-the-chat.md). The refresh token is stored
 * sealed (AES-256-GCM, lib/secret-box.ts); the sync token is Google's cursor for the next incremental read.
 */
export const googleCalendarLinks = pgTable(
  'google_calendar_links',
  {
    professionalId: uuid('professional_id')
      .primaryKey()
      .references(() => agendaProfessionals.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The Google calendar (the account's primary calendar: its e-mail). */
    calendarId: text('calendar_id').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    syncToken: text('sync_token'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** Why the last sync failed (access removed at Google…); null when it worked. */
    lastError: text('last_error'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('google_calendar_links_user_idx').on(t.userId)],
);

/** A busy time read from Google, kept as the agenda's block (so availability skips it). */
export const googleCalendarBusy = pgTable(
  'google_calendar_busy',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => googleCalendarLinks.professionalId, { onDelete: 'cascade' }),
    googleEventId: text('google_event_id').notNull(),
    blockId: uuid('block_id')
      .notNull()
      .references(() => agendaBlocks.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.professionalId, t.googleEventId] })],
);
