import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { readReminderAnswer } from '../../domain/booking-reminders/due-reminder.ts';
import type { ReminderDeps } from './reminder-deps.ts';
import { slotText } from '../../domain/agenda-chat/agenda-tools.ts';
import {
  dropLoneAnswerBurst,
  type PendingReminder,
  recordAnswer,
  selectPendingReminder,
} from './answers-repository.ts';
import { sendAcknowledgement } from './acknowledge.ts';

/**
 * The short answers VendAI sends itself; 'Remarcar' and the rest of 'Cancelar' are the AI's. The cancellation
 * names the service and the time, so the AI that answers next knows what was just cancelled.
 */
const CONFIRMED = 'Obrigado! Seu horário está confirmado. Até lá!';
const cancelledText = (p: PendingReminder) =>
  `Pronto, seu horário de ${p.service_name} (${slotText(new Date(p.starts_at), p.time_zone)}) foi cancelado.`;

/**
 * The customer's answer to a reminder (docs/decisions/073-booking-reminders.md), heard on 'customer.wrote'
 * (a hint, decision 060: in process, right after the message is stored; no branch in the reply path). Only
 * while a reminder of the conversation's booking waits for an answer, '1' / 'Confirmar' / 'sim' confirms
 * the booking, '3' / 'Cancelar' cancels it (the slot is free at once) and '2' / 'Remarcar' is recorded;
 * the AI then answers as always, with the agenda as it now is: new times after a cancellation or for a
 * 'remarcar', moved with its `remarcar` tool. A lone confirmation is acknowledged here and not answered
 * by the AI as well.
 */
export function listenForReminderAnswers(events: EngineEvents, deps: ReminderDeps): void {
  events.on('customer.wrote', async (e) => {
    // Words first: a message that cannot be an answer costs no query (this runs for every customer message
    // of every account, inside the ingestion; docs/performance.md).
    const answer = readReminderAnswer(e.text);
    if (!answer) return;
    const pending = await selectPendingReminder(deps.db, e.convId, deps.now());
    if (!pending || !(await recordAnswer(deps.db, pending.id, answer))) return;
    if (answer === 'confirmed') {
      await deps.agenda.confirm(e.userId, pending.booking_id);
      await dropLoneAnswerBurst(deps.db, e.convId);
      await sendAcknowledgement(deps, e.userId, e.convId, CONFIRMED);
    } else if (answer === 'cancelled') {
      await deps.agenda.cancel(e.userId, pending.booking_id);
      // Stored before the AI's answer (its quiet time is still running): the AI reads it and offers new times.
      await sendAcknowledgement(deps, e.userId, e.convId, cancelledText(pending));
    }
    await deps.realtime
      .publish(e.userId, { event: 'agenda.updated', data: { bookingId: pending.booking_id } })
      .catch(() => undefined);
  });
}
