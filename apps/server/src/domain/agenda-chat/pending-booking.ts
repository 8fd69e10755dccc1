import { type AgendaChatPort, AgendaRefused, type ChatBooking } from './agenda-port.ts';

/**
 * A change to the agenda that an answer written in approval mode asks for (docs/decisions/045-approval-mode.md,
 * "The agenda"). The AI's `agendar`, `remarcar` or `cancelar` is checked when the answer is written (the slot is
 * free, the customer has the booking) and kept with the draft; the owner's 'Enviar' makes it, just before the
 * text goes out, so an approved draft does what the answer would have done and a discarded one changes nothing.
 * `text` is how the draft card says it ('Agendar Limpeza: quinta-feira, 10/12 às 15:00, com Dra. Ana').
 */
export type PendingBooking =
  | {
      action: 'agendar';
      serviceId: string;
      startsAt: string;
      professionalId: string | null;
      text: string;
    }
  | { action: 'remarcar'; bookingId: string; startsAt: string; text: string }
  | { action: 'cancelar'; bookingId: string; text: string };

/** What making a pending change did; `undo` takes back a booking made here (the send then lost a race). */
export interface AppliedBooking {
  booking: ChatBooking | null;
  undo: (() => Promise<void>) | null;
}

const sameStart = (b: ChatBooking, startsAt: string) => b.startsAt.getTime() === new Date(startsAt).getTime();

/**
 * Makes a draft's pending change through the agenda (its own no-overlap rule and booking events). Repeatable:
 * a change already there (the same booking at the same start, a booking already gone) is not made twice, so a
 * draft sent again after a crash books once. AgendaRefused, with a sentence for the owner, when it can no
 * longer be made (the slot was taken, the booking changed meanwhile).
 */
export async function applyPendingBooking(
  port: AgendaChatPort,
  at: { accountId: string; convId: string },
  pending: PendingBooking,
): Promise<AppliedBooking> {
  const current = await port.nextBooking(at.accountId, at.convId);
  switch (pending.action) {
    case 'agendar': {
      if (current && current.serviceId === pending.serviceId && sameStart(current, pending.startsAt))
        return { booking: current, undo: null };
      const booked = await port.book({
        ...at,
        serviceId: pending.serviceId,
        startsAt: new Date(pending.startsAt),
        professionalId: pending.professionalId,
      });
      return {
        booking: booked,
        undo: async () => void (await port.cancel({ accountId: at.accountId, bookingId: booked.id })),
      };
    }
    case 'remarcar': {
      if (current && sameStart(current, pending.startsAt)) return { booking: current, undo: null };
      if (!current || current.id !== pending.bookingId)
        throw new AgendaRefused('O horário do cliente mudou depois que a sugestão foi escrita.');
      const moved = await port.move({
        accountId: at.accountId,
        bookingId: current.id,
        version: current.version,
        startsAt: new Date(pending.startsAt),
      });
      return { booking: moved, undo: null };
    }
    case 'cancelar': {
      if (!current || current.id !== pending.bookingId) return { booking: null, undo: null };
      return { booking: await port.cancel({ accountId: at.accountId, bookingId: current.id }), undo: null };
    }
  }
}
