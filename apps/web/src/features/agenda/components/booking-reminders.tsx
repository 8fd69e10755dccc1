import { type BookingReminder, REMINDER_ANSWER_LABELS } from '@vendai/contracts/booking-reminders';
import { BellRing } from 'lucide-react';
import { hhmm, wallClock, dayLabel } from '../lib/zoned';

const offsetLabel = (h: number) => (h % 24 === 0 ? `${h / 24} dia${h === 24 ? '' : 's'} antes` : `${h} h antes`);

function stateText(r: BookingReminder, timeZone: string): string {
  if (r.state === 'sent' && r.sentAt) {
    const at = wallClock(new Date(r.sentAt), timeZone);
    return `enviado ${dayLabel(at.day)} às ${hhmm(at.minutes)}`;
  }
  if (r.state === 'sending') return 'enviando…';
  return r.state === 'skipped' ? 'não enviado' : 'falhou';
}

/**
 * The booking's reminders as the owner reads them (docs/decisions/073-booking-reminders.md): each one sent
 * or why not, and the customer's answer ('Confirmado pelo cliente', 'Cliente pediu para remarcar',
 * 'Cancelado pelo cliente'). Reminders of an earlier time of a moved booking stay listed.
 */
export function BookingReminders({
  reminders,
  startsAt,
  timeZone,
}: {
  reminders: BookingReminder[];
  /** The booking's start now: reminders of an earlier start (it was moved) are marked as such. */
  startsAt: string;
  timeZone: string;
}) {
  if (reminders.length === 0) return null;
  const current = (r: BookingReminder) => new Date(r.startsAt).getTime() === new Date(startsAt).getTime();
  const answer = [...reminders].reverse().find((r) => current(r) && r.answer)?.answer ?? null;
  return (
    <section aria-labelledby="booking-reminders" className="space-y-2 rounded-lg bg-slate-50 p-3">
      <h3 id="booking-reminders" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <BellRing className="size-4" aria-hidden />
        Lembretes
      </h3>
      {answer ? (
        <p
          className={
            answer === 'confirmed'
              ? 'text-sm font-semibold text-emerald-800'
              : answer === 'cancelled'
                ? 'text-sm font-semibold text-red-700'
                : 'text-sm font-semibold text-amber-800'
          }
        >
          {REMINDER_ANSWER_LABELS[answer]}
        </p>
      ) : null}
      <ul className="space-y-1 text-sm text-slate-700">
        {reminders.map((r) => (
          <li key={`${r.offsetHours}-${r.startsAt}`}>
            <span className="font-medium">{offsetLabel(r.offsetHours)}</span>
            {current(r) ? '' : ' (horário anterior)'}: {stateText(r, timeZone)}
            {r.answer && !current(r) ? ` · ${REMINDER_ANSWER_LABELS[r.answer]}` : ''}
            {r.reason && r.state !== 'sent' ? <span className="block text-xs text-slate-500">{r.reason}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
