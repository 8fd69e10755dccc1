import { AgendaRefused } from '../../../domain/agenda-chat/agenda-port.ts';
import {
  type AppliedBooking,
  applyPendingBooking,
  type PendingBooking,
} from '../../../domain/agenda-chat/pending-booking.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { EngineDeps } from '../engine-deps.ts';

export const DRAFT_AGENDA_OFF = 'A agenda não está disponível agora: a sugestão, que muda um horário, não foi enviada.';

/** Why a draft's agenda change could not be made, for whoever sent it (the inbox, the WhatsApp '1', the timeout). */
export const draftBookingRefused = (why: string) =>
  `A mudança na agenda desta sugestão não pode mais ser feita: ${why} Edite a sugestão ou descarte-a.`;

/**
 * The agenda change an approval-mode answer asked for (docs/decisions/045-approval-mode.md, "The agenda"),
 * made when the owner sends the draft, before its text goes out: the customer never reads 'está agendado'
 * for a booking that was not made. A change that can no longer be made refuses the send (409, the reason).
 */
export async function makeDraftBooking(
  deps: EngineDeps,
  at: { accountId: string; convId: string },
  pending: PendingBooking,
): Promise<AppliedBooking> {
  if (!deps.agenda) throw new AppError('CONFLICT', DRAFT_AGENDA_OFF);
  try {
    return await applyPendingBooking(deps.agenda, at, pending);
  } catch (err) {
    if (err instanceof AgendaRefused) throw new AppError('CONFLICT', draftBookingRefused(err.message));
    throw err;
  }
}
