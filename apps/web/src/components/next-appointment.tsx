import { BOOKING_STATUS_LABELS } from '@vendai/contracts/agenda';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useNextAppointment } from '@/lib/api/next-appointment';

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * The customer's next appointment (docs/decisions/069-agenda.md) in the contact panel: when, what and its
 * status, with a link to the agenda. Nothing when there is none.
 */
export function NextAppointment({ convId }: { convId: string }) {
  const next = useNextAppointment(convId).data;
  if (!next) return null;
  const when = new Date(next.startsAt).toLocaleString('pt-BR', WHEN);
  return (
    <section aria-labelledby={`next-booking-${convId}`} className="flex flex-col gap-2" data-testid="next-appointment">
      <h3 id={`next-booking-${convId}`} className="text-sm font-semibold text-slate-900">
        Próximo horário
      </h3>
      <div className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 first-letter:uppercase">{when}</p>
          <p className="truncate text-slate-700">
            {next.serviceName} · {BOOKING_STATUS_LABELS[next.status]}
          </p>
          <Link to={paths.agenda.getHref()} className="text-xs font-semibold text-brand-700 hover:underline">
            Ver na agenda
          </Link>
        </div>
      </div>
    </section>
  );
}
