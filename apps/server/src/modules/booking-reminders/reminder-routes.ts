import {
  bookingRemindersQuerySchema,
  bookingRemindersResponseSchema,
  type BookingReminder,
  reminderSettingsSchema,
} from '@vendai/contracts';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { selectReminderSettings, selectRemindersOf, upsertReminderSettings } from './reminders-repository.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * /api/booking-reminders (docs/decisions/073-booking-reminders.md): the owner's offsets and template, and
 * what became of each booking's reminders (the whole team reads them in the agenda).
 */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;

  app.get('/settings', { schema: { response: { 200: reminderSettingsSchema } } }, async (req) =>
    selectReminderSettings(db, req.user.id),
  );
  app.put(
    '/settings',
    { config: OWNER_ONLY, schema: { body: reminderSettingsSchema, response: { 200: reminderSettingsSchema } } },
    async (req) => {
      const settings = { ...req.body, hours: [...req.body.hours].sort((a, b) => b - a) };
      await upsertReminderSettings(db, req.user.id, settings);
      return settings;
    },
  );
  app.get(
    '/',
    { schema: { querystring: bookingRemindersQuerySchema, response: { 200: bookingRemindersResponseSchema } } },
    async (req) => {
      const rows = await selectRemindersOf(db, req.user.id, new Date(req.query.from), new Date(req.query.to));
      const reminders: BookingReminder[] = rows.map((r) => ({
        bookingId: r.booking_id,
        offsetHours: r.offset_hours,
        startsAt: iso(r.starts_at)!,
        state: r.state as BookingReminder['state'],
        reason: r.reason,
        sentAt: iso(r.sent_at),
        answer: r.answer as BookingReminder['answer'],
        answeredAt: iso(r.answered_at),
      }));
      return { reminders };
    },
  );
};
