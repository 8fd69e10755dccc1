import type { Booking } from '@vendai/contracts';
import { type AgendaChatPort, AgendaRefused, type ChatBooking } from '../../domain/agenda-chat/agenda-port.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AgendaDeps, nowOf } from './agenda-deps.ts';
import { bookAppointment } from './book.ts';
import { cancelBooking } from './booking-status.ts';
import { depositCentsOf } from './deposit.ts';
import { nextBookingOf } from './calendar-service.ts';
import { findFreeSlots } from './find-slots.ts';
import { moveBooking } from './move-booking.ts';
import { readSetup } from './setup-service.ts';

/**
 * The agenda as the chat sees it (docs/decisions/070-agenda-in-the-chat.md): the AI's tools book, move and
 * cancel through this module's own services (the database's no-overlap rule, the booking events), as
 * source 'ai'. A refusal the customer may hear (slot taken, not free, changed meanwhile) is AgendaRefused.
 */
export function agendaChatPort(deps: AgendaDeps): AgendaChatPort {
  const DAY = 24 * 60 * 60_000;
  const names = async (accountId: string) =>
    new Map((await readSetup(deps.db, accountId)).professionals.map((p) => [p.id, p.name]));
  const view = async (accountId: string, b: Booking): Promise<ChatBooking> => ({
    id: b.id,
    serviceId: b.serviceId,
    serviceName: b.serviceName,
    professionalName: (await names(accountId)).get(b.professionalId) ?? '',
    startsAt: new Date(b.startsAt),
    status: b.status,
    version: b.version,
    holdUntil: b.status === 'held' && b.holdExpiresAt ? new Date(b.holdExpiresAt) : null,
  });
  const refusing = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError && err.status < 500) throw new AgendaRefused(err.message);
      throw err;
    }
  };
  return {
    async services(accountId) {
      return (await readSetup(deps.db, accountId)).services
        .filter((s) => s.active)
        .map((s) => ({
          id: s.id,
          name: s.name,
          durationMinutes: s.durationMinutes,
          priceCents: s.priceCents,
          deposit: depositCentsOf(s) !== null,
        }));
    },
    async freeSlots(accountId, serviceId, from, limit) {
      const setup = await readSetup(deps.db, accountId);
      const who = new Map(setup.professionals.map((p) => [p.id, p.name]));
      const now = nowOf(deps);
      const slots = await refusing(() =>
        findFreeSlots(deps.db, accountId, {
          serviceId,
          from,
          to: new Date(Math.min(from.getTime() + 14 * DAY, now.getTime() + setup.settings.horizonDays * DAY)),
          now,
        }),
      );
      return slots.slice(0, limit).map((s) => ({
        startsAt: s.startsAt,
        professionalId: s.professionalId,
        professionalName: who.get(s.professionalId) ?? '',
      }));
    },
    async nextBooking(accountId, convId) {
      const b = await nextBookingOf(deps.db, accountId, convId, nowOf(deps));
      return b ? view(accountId, b) : null;
    },
    book: (o) =>
      refusing(async () =>
        view(
          o.accountId,
          await bookAppointment(deps, {
            accountId: o.accountId,
            serviceId: o.serviceId,
            professionalId: o.professionalId,
            startsAt: o.startsAt,
            convId: o.convId,
            source: 'ai',
            createdBy: 'ai',
          }),
        ),
      ),
    move: (o) =>
      refusing(async () =>
        view(
          o.accountId,
          await moveBooking(deps, {
            accountId: o.accountId,
            bookingId: o.bookingId,
            version: o.version,
            startsAt: o.startsAt,
            by: 'ai',
            onlyFreeSlots: true,
          }),
        ),
      ),
    cancel: (o) =>
      refusing(async () =>
        view(o.accountId, await cancelBooking(deps, { accountId: o.accountId, bookingId: o.bookingId, by: 'ai' })),
      ),
  };
}
