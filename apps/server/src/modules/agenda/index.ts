import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { appModule } from '../../plugins/app-module.ts';
import { agendaFeedRoutes, agendaRoutes } from './agenda-routes.ts';

/** Mounted by app.ts at /api/agenda. */
export const agendaModule = appModule('/api/agenda', agendaRoutes, agendaFeedRoutes);

/**
 * The agenda's API for other parts of the server (docs/decisions/069-agenda.md): the AI's tools, the
 * reminders, the deposit's hold and calendar sync call these; they publish the booking events.
 */
export { type AgendaDeps, BookingConflict, type BookingConflictReason } from './agenda-deps.ts';
export { bookAppointment, type BookInput } from './book.ts';
export { moveBooking } from './move-booking.ts';
export { cancelBooking, setBookingStatus } from './booking-status.ts';
export { findFreeSlots, loadSlotContext, type FreeSlot, type SlotContext } from './find-slots.ts';
export { listBookings, nextBookingOf } from './calendar-service.ts';
export { readSetup } from './setup-service.ts';

/** Open agenda pages of the account reload on any booking change, whoever made it (the AI included). */
export function listenForAgendaUpdates(events: EngineEvents, realtime: RealtimeHub): void {
  for (const name of ['booking.created', 'booking.moved', 'booking.cancelled', 'booking.status_changed'] as const)
    events.on(name, async (e) => {
      await realtime.publish(e.userId, { event: 'agenda.updated', data: { bookingId: e.bookingId } });
    });
}
