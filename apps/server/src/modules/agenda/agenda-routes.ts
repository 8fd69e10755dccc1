import { z } from 'zod';
import {
  AGENDA_MESSAGES,
  agendaBlockInputSchema,
  agendaBlockSchema,
  agendaCalendarSchema,
  agendaFeedSchema,
  agendaProfessionalInputSchema,
  agendaProfessionalSchema,
  agendaQuickSetupSchema,
  agendaRangeQuerySchema,
  agendaServiceInputSchema,
  agendaServiceSchema,
  agendaSettingsSchema,
  agendaSetupSchema,
  agendaSlotsQuerySchema,
  agendaSlotsSchema,
  bookingInputSchema,
  bookingMoveSchema,
  bookingSchema,
  bookingStatusInputSchema,
  idParamsSchema,
  nextBookingSchema,
  noContentSchema,
} from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { AgendaDeps } from './agenda-deps.ts';
import { upsertSettings } from './setup-repository.ts';
import { createFeedUrl, feedText, revokeFeed } from './ical-feed.ts';
import { bookAppointment } from './book.ts';
import { cancelBooking, setBookingStatus } from './booking-status.ts';
import { addBlock, nextBookingOf, readCalendar, removeBlock } from './calendar-service.ts';
import { findFreeSlots } from './find-slots.ts';
import { moveBooking } from './move-booking.ts';
import { quickSetup, readSetup, writeProfessional, writeService } from './setup-service.ts';

const bookingParams = idParamsSchema(AGENDA_MESSAGES.bookingNotFound);
const serviceParams = idParamsSchema(AGENDA_MESSAGES.serviceNotFound);
const professionalParams = idParamsSchema(AGENDA_MESSAGES.professionalNotFound);
const blockParams = idParamsSchema(AGENDA_MESSAGES.blockNotFound);
const convParams = idParamsSchema('Conversa não encontrada.');

/**
 * /api/agenda (docs/decisions/069-agenda.md). The whole team works the agenda (sees it, books, moves,
 * cancels, marks attendance); its setup (services, professionals, settings) is the owner's.
 */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;
  const deps = (log: AgendaDeps['log']): AgendaDeps => ({ db, jobs: app.deps.jobs, events: app.deps.events, log });

  app.get('/setup', { schema: { response: { 200: agendaSetupSchema } } }, async (req) => readSetup(db, req.user.id));
  app.post(
    '/quick-setup',
    { config: OWNER_ONLY, schema: { body: agendaQuickSetupSchema, response: { 200: agendaSetupSchema } } },
    async (req) => quickSetup(db, req.user.id, req.body),
  );
  app.put(
    '/settings',
    { config: OWNER_ONLY, schema: { body: agendaSettingsSchema, response: { 200: agendaSettingsSchema } } },
    async (req) => {
      await upsertSettings(db, req.user.id, req.body);
      return req.body;
    },
  );
  app.post(
    '/services',
    { config: OWNER_ONLY, schema: { body: agendaServiceInputSchema, response: { 201: agendaServiceSchema } } },
    async (req, reply) => reply.code(201).send(await writeService(db, req.user.id, null, req.body)),
  );
  app.put(
    '/services/:id',
    {
      config: OWNER_ONLY,
      schema: { params: serviceParams, body: agendaServiceInputSchema, response: { 200: agendaServiceSchema } },
    },
    async (req) => writeService(db, req.user.id, req.params.id, req.body),
  );
  app.post(
    '/professionals',
    {
      config: OWNER_ONLY,
      schema: { body: agendaProfessionalInputSchema, response: { 201: agendaProfessionalSchema } },
    },
    async (req, reply) => reply.code(201).send(await writeProfessional(db, req.user.id, null, req.body)),
  );
  app.put(
    '/professionals/:id',
    {
      config: OWNER_ONLY,
      schema: {
        params: professionalParams,
        body: agendaProfessionalInputSchema,
        response: { 200: agendaProfessionalSchema },
      },
    },
    async (req) => writeProfessional(db, req.user.id, req.params.id, req.body),
  );

  // The professional's private iCalendar feed (a new URL revokes the old one).
  app.put(
    '/professionals/:id/feed',
    { config: OWNER_ONLY, schema: { params: professionalParams, response: { 200: agendaFeedSchema } } },
    async (req) => ({ url: await createFeedUrl(db, req.user.id, req.params.id, app.deps.env.appUrl) }),
  );
  app.delete(
    '/professionals/:id/feed',
    { config: OWNER_ONLY, schema: { params: professionalParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await revokeFeed(db, req.user.id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/calendar',
    { schema: { querystring: agendaRangeQuerySchema, response: { 200: agendaCalendarSchema } } },
    async (req) => readCalendar(db, req.user.id, new Date(req.query.from), new Date(req.query.to)),
  );
  app.get(
    '/slots',
    { schema: { querystring: agendaSlotsQuerySchema, response: { 200: agendaSlotsSchema } } },
    async (req) => {
      const slots = await findFreeSlots(db, req.user.id, {
        serviceId: req.query.serviceId,
        professionalId: req.query.professionalId,
        from: new Date(req.query.from),
        to: new Date(req.query.to),
        now: new Date(),
      });
      return {
        items: slots.slice(0, 500).map((s) => ({
          professionalId: s.professionalId,
          startsAt: s.startsAt.toISOString(),
          endsAt: s.endsAt.toISOString(),
        })),
      };
    },
  );
  app.post(
    '/bookings',
    { schema: { body: bookingInputSchema, response: { 201: bookingSchema } } },
    async (req, reply) => {
      const booking = await bookAppointment(deps(req.log), {
        ...req.body,
        accountId: req.user.id,
        startsAt: new Date(req.body.startsAt),
        source: 'owner',
        createdBy: req.user.actorId,
      });
      return reply.code(201).send(booking);
    },
  );
  app.put(
    '/bookings/:id/time',
    { schema: { params: bookingParams, body: bookingMoveSchema, response: { 200: bookingSchema } } },
    async (req) =>
      moveBooking(deps(req.log), {
        accountId: req.user.id,
        bookingId: req.params.id,
        startsAt: new Date(req.body.startsAt),
        professionalId: req.body.professionalId,
        version: req.body.version,
        by: req.user.actorId,
        onlyFreeSlots: false,
      }),
  );
  app.post(
    '/bookings/:id/cancel',
    { schema: { params: bookingParams, response: { 200: bookingSchema } } },
    async (req) =>
      cancelBooking(deps(req.log), {
        accountId: req.user.id,
        bookingId: req.params.id,
        by: req.user.actorId,
        reason: 'Cancelado pela agenda.',
      }),
  );
  app.put(
    '/bookings/:id/status',
    { schema: { params: bookingParams, body: bookingStatusInputSchema, response: { 200: bookingSchema } } },
    async (req) =>
      setBookingStatus(deps(req.log), {
        accountId: req.user.id,
        bookingId: req.params.id,
        status: req.body.status,
        by: req.user.actorId,
      }),
  );
  app.post(
    '/blocks',
    { schema: { body: agendaBlockInputSchema, response: { 201: agendaBlockSchema } } },
    async (req, reply) =>
      reply.code(201).send(
        await addBlock(db, req.user.id, {
          professionalId: req.body.professionalId,
          startsAt: new Date(req.body.startsAt),
          endsAt: new Date(req.body.endsAt),
          reason: req.body.reason,
        }),
      ),
  );
  app.delete(
    '/blocks/:id',
    { schema: { params: blockParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await removeBlock(db, req.user.id, req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/conversations/:id/next',
    { schema: { params: convParams, response: { 200: nextBookingSchema } } },
    async (req) => ({ booking: await nextBookingOf(db, req.user.id, req.params.id, new Date()) }),
  );
};

/** GET /api/agenda/feed/:token.ics: the feed itself, for calendar apps (no session: the secret is the key). */
export const agendaFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feed/:file',
    {
      schema: {
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string().describe('iCalendar (text/calendar; charset=utf-8), RFC 5545') },
      },
    },
    async (req, reply) => {
      const file = req.params.file;
      const text = file.endsWith('.ics') ? await feedText(app.deps.db, file.slice(0, -4)) : null;
      if (text === null) throw notFound('Agenda não encontrada.');
      void reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store');
      return text;
    },
  );
};
