import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';
import { catalogueItems } from './catalogue.ts';
import { orders } from './pix.ts';

/**
 * The agenda (docs/decisions/069-agenda.md): services, the professionals (or rooms, chairs) who do them,
 * blocks and bookings. Every row carries `user_id` (the account); times are instants (timestamptz), read
 * in the account's time zone.
 */

const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** One weekday's hours ('08:00'–'18:00'), null = closed; index 0 = domingo (as business hours). */
type StoredDayHours = { from: string; to: string } | null;

/** A break inside the day ('12:00'–'13:00'); `weekdays` empty = every working day. */
export interface StoredBreak {
  from: string;
  to: string;
  weekdays: number[];
}

/** The account's agenda settings: how far ahead customers may book and the grid of offered starts. */
export const agendaSettings = pgTable('agenda_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  horizonDays: integer('horizon_days').notNull().default(60),
  slotStepMinutes: integer('slot_step_minutes').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A service: how long it takes, its price (null = sob consulta), the time kept free before and after,
 * the minimum notice for a booking, and optionally the catalogue item it is sold as.
 */
export const agendaServices = pgTable(
  'agenda_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents'),
    catalogueItemId: uuid('catalogue_item_id').references(() => catalogueItems.id, { onDelete: 'set null' }),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    active: boolean('active').notNull().default(true),
    /**
     * The deposit ('sinal') a booking of this service waits for, paid by Pix (docs/decisions/074-agenda-deposit.md):
     * a fixed amount in cents or a percent of the price; both null = none. Unpaid within `hold_minutes`,
     * the slot is released.
     */
    depositCents: integer('deposit_cents'),
    depositPercent: integer('deposit_percent'),
    holdMinutes: integer('hold_minutes').notNull().default(30),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_services_user_idx').on(t.userId),
    check('agenda_services_duration', sql`${t.durationMinutes} between 5 and 1440`),
    check(
      'agenda_services_buffers',
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240`,
    ),
    check(
      'agenda_services_deposit',
      sql`(${t.depositCents} is null or ${t.depositPercent} is null) and ${t.holdMinutes} between 5 and 1440`,
    ),
  ],
);

export const PROFESSIONAL_KINDS = ['person', 'resource'] as const;

/**
 * Who (or what room, chair) is booked. `week` null = the account's business hours (Configurações), read
 * when availability is computed; `days_off` local dates 'YYYY-MM-DD'. The time zone is the account's.
 */
export const agendaProfessionals = pgTable(
  'agenda_professionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    name: text('name').notNull(),
    kind: text('kind', { enum: PROFESSIONAL_KINDS }).notNull().default('person'),
    week: jsonb('week').$type<StoredDayHours[] | null>(),
    breaks: jsonb('breaks').$type<StoredBreak[]>().notNull().default([]),
    daysOff: jsonb('days_off').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The private iCalendar feed's secret (in its URL); null = no feed. A new one revokes the old. */
    icalToken: text('ical_token').unique(),
  },
  (t) => [index('agenda_professionals_user_idx').on(t.userId)],
);

/** Who does which service. */
export const agendaServiceProfessionals = pgTable(
  'agenda_service_professionals',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => agendaServices.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => agendaProfessionals.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.professionalId] })],
);

/** Time nobody books: lunch, a holiday, a course; `professional_id` null = everyone. */
export const agendaBlocks = pgTable(
  'agenda_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    professionalId: uuid('professional_id').references(() => agendaProfessionals.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_blocks_user_time_idx').on(t.userId, t.startsAt),
    check('agenda_blocks_order', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export const BOOKING_STATUSES = ['held', 'booked', 'confirmed', 'cancelled', 'no_show', 'attended'] as const;
/** The statuses that occupy the professional's time (the exclusion constraint's WHERE, in the migration). */
export const BOOKING_ACTIVE_STATUSES = ['held', 'booked', 'confirmed', 'attended'] as const;
export const BOOKING_SOURCES = ['ai', 'owner', 'customer_link'] as const;

/**
 * A booking. `busy_from`/`busy_until` are the time it takes from the professional, its buffers included
 * (copied from the service when booked or moved): the migration's exclusion constraint
 * `agenda_bookings_no_overlap` (btree_gist) refuses two active bookings of one professional whose busy
 * ranges overlap, in any process. `version` grows with each move (a move names the version it saw).
 */
export const agendaBookings = pgTable(
  'agenda_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => agendaProfessionals.id, { onDelete: 'restrict' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => agendaServices.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    busyFrom: timestamp('busy_from', { withTimezone: true }).notNull(),
    busyUntil: timestamp('busy_until', { withTimezone: true }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('booked'),
    convId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    customerName: text('customer_name').notNull().default(''),
    customerPhone: text('customer_phone'),
    /** The service's price when booked (null = sob consulta): Resultados' revenue of attended appointments. */
    priceCents: integer('price_cents'),
    notes: text('notes').notNull().default(''),
    source: text('source', { enum: BOOKING_SOURCES }).notNull(),
    /** A deposit's hold ends here (status `held`); null otherwise. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The deposit's Pix order (docs/decisions/074-agenda-deposit.md); null = no deposit. */
    depositOrderId: uuid('deposit_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Why it was cancelled ('sinal não pago' when its hold ran out); '' otherwise. */
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The member's id, or 'ai'. */
    createdBy: text('created_by').notNull(),
    version: integer('version').notNull().default(1),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_bookings_user_time_idx').on(t.userId, t.startsAt),
    index('agenda_bookings_conv_idx').on(t.convId, t.startsAt),
    // The hold sweeper's held bookings (few rows), found without a scan.
    index('agenda_bookings_held_idx')
      .on(t.holdExpiresAt)
      .where(sql`status = 'held'`),
    index('agenda_bookings_deposit_idx').on(t.depositOrderId),
    check(
      'agenda_bookings_times',
      sql`${t.busyFrom} <= ${t.startsAt} and ${t.startsAt} < ${t.endsAt} and ${t.endsAt} <= ${t.busyUntil}`,
    ),
  ],
);
export type AgendaBookingRow = typeof agendaBookings.$inferSelect;
