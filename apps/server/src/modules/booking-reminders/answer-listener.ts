import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { readReminderAnswer } from '../../domain/booking-reminders/due-reminder.ts';
import type { ReminderDeps } from './reminder-deps.ts';
import { dropLoneAnswerBurst, recordAnswer, selectMessageText, selectPendingReminder } from './answers-repository.ts';
import { sendAcknowledgement } from './acknowledge.ts';

/** The short answers VendAI sends itself; 'Remarcar' and the rest of 'Cancelar' are the AI's. */
export const ACKNOWLEDGEMENTS = {
  confirmed: 'Obrigado! Seu horário está confirmado. Até lá!',
  cancelled: 'Pronto, seu horário foi cancelado.',
} as const;

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
    const pending = await selectPendingReminder(deps.db, e.convId, deps.now());
    if (!pending) return;
    const answer = readReminderAnswer(await selectMessageText(deps.db, e.messageId));
    if (!answer || !(await recordAnswer(deps.db, pending.id, answer))) return;
    if (answer === 'confirmed') {
      await deps.agenda.confirm(e.userId, pending.booking_id);
      await dropLoneAnswerBurst(deps.db, e.convId);
      await sendAcknowledgement(deps, e.userId, e.convId, ACKNOWLEDGEMENTS.confirmed);
    } else if (answer === 'cancelled') {
      await deps.agenda.cancel(e.userId, pending.booking_id);
      // Stored before the AI's answer (its quiet time is still running): the AI reads it and offers new times.
      await sendAcknowledgement(deps, e.userId, e.convId, ACKNOWLEDGEMENTS.cancelled);
    }
    await deps.realtime
      .publish(e.userId, { event: 'agenda.updated', data: { bookingId: pending.booking_id } })
      .catch(() => undefined);
  });
}
