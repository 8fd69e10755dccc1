import { slotText } from '../agenda-chat/agenda-tools.ts';

/** The offsets when the owner set none (docs/decisions/073-booking-reminders.md): a day and two hours before. */
export const DEFAULT_REMINDER_HOURS: readonly number[] = [24, 2];

/** The statuses that still get reminders: a booked or confirmed appointment ahead. */
export const REMINDED_STATUSES = ['booked', 'confirmed'] as const;

/**
 * Which reminder of a booking is due now, or null (pure; the clock is the caller's). A reminder's moment
 * is `startsAt − hours`; once it has passed the reminder is due until the appointment starts. When more
 * than one moment has passed (the booking was made or moved inside the window, or the worker was down)
 * only the nearest one goes: a customer gets one reminder for that stretch, not a burst of them. A
 * reminder is never due at or after the appointment's start.
 */
export function dueReminder(
  startsAt: Date,
  hours: readonly number[],
  now: Date,
): { offsetHours: number; at: Date } | null {
  if (now.getTime() >= startsAt.getTime()) return null;
  let due: { offsetHours: number; at: Date } | null = null;
  for (const h of hours) {
    const at = new Date(startsAt.getTime() - h * 3_600_000);
    if (at.getTime() <= now.getTime() && (!due || h < due.offsetHours)) due = { offsetHours: h, at };
  }
  return due;
}

/** The QR reminder's last sentence: the numbered answers the inbound listener reads. */
export const QR_ANSWERS_LINE = 'Responda 1 para confirmar, 2 para remarcar ou 3 para cancelar.';

/** The Cloud buttons' titles (Meta: at most 3 reply buttons, titles up to 20 characters). */
export const REMINDER_BUTTONS = ['Confirmar', 'Remarcar', 'Cancelar'] as const;

export type ReminderAnswer = 'confirmed' | 'reschedule' | 'cancelled';

/** The reminder's text: the service, when (the account's time zone) and with whom. */
export function reminderText(
  b: { customerName: string; serviceName: string; professionalName: string; startsAt: Date; timeZone: string },
  opts: { numbered: boolean },
): string {
  const first = b.customerName.trim().split(/\s+/)[0];
  const hello = first ? `Olá, ${first}!` : 'Olá!';
  const when = slotText(b.startsAt, b.timeZone);
  const body = `${hello} Lembrete do seu horário: ${b.serviceName}, ${when}, com ${b.professionalName}.`;
  return opts.numbered ? `${body}\n${QR_ANSWERS_LINE}` : body;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[!.?,;:)(\s]+/g, ' ')
    .trim();

const WORDS: Record<ReminderAnswer, RegExp> = {
  confirmed:
    /^(1|confirmar|confirmo|confirma|confirmado|confirmada|sim|sim confirmo|s|ok|pode confirmar|estarei la|vou sim)$/,
  reschedule: /^(2|remarcar|remarca|reagendar|quero remarcar|mudar o horario|outro horario|trocar o horario)$/,
  cancelled: /^(3|cancelar|cancela|cancelo|quero cancelar|desmarcar|desmarca|nao vou|nao vou poder)$/,
};

/**
 * What a customer's message answers to a pending reminder: '1' / '2' / '3', the Cloud buttons' titles
 * ('Confirmar', 'Remarcar', 'Cancelar'; a tapped button arrives as its title) or a short plain answer
 * ('confirmo', 'sim', 'quero cancelar'). Anything longer is left to the AI, which reads the reminder too.
 */
export function readReminderAnswer(text: string | null | undefined): ReminderAnswer | null {
  const said = fold(text ?? '');
  if (!said || said.length > 30) return null;
  for (const answer of ['confirmed', 'reschedule', 'cancelled'] as const) if (WORDS[answer].test(said)) return answer;
  return null;
}
