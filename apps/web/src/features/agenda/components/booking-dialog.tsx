import { type AgendaSetup, BOOKING_STATUS_LABELS, type Booking } from '@vendai/contracts/agenda';
import { CalendarX2, CheckCircle2, MessageCircle, UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormSubmit } from '@/components/ui/form-submit';
import { paths } from '@/config/paths';
import { useBookingStatus, useCancelBooking, useMoveBooking } from '../api/agenda';
import { formatPrice } from '../lib/money';
import { dayLabel, hhmm, instantOf, minutesOfHhmm, wallClock } from '../lib/zoned';
import { DayTimeFields, ProfessionalSelect } from './when-fields';
import { BookingReminders } from './booking-reminders';
import type { BookingReminder } from '@vendai/contracts/booking-reminders';

const STATUS_TONE: Record<Booking['status'], string> = {
  held: 'bg-amber-100 text-amber-800',
  booked: 'bg-brand-50 text-brand-800',
  confirmed: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-slate-100 text-slate-600',
  no_show: 'bg-red-100 text-red-700',
  attended: 'bg-emerald-100 text-emerald-800',
};

export function StatusBadge({ status }: { status: Booking['status'] }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
      {BOOKING_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * One booking: who, what, when; its conversation; one tap for 'Compareceu' or 'Não compareceu';
 * 'Remarcar' (day, time and who: the keyboard's and the phone's way to move it) and 'Cancelar'.
 */
export function BookingDialog({
  booking,
  onClose,
  setup,
  reminders = [],
}: {
  booking: Booking | null;
  onClose: () => void;
  setup: AgendaSetup;
  /** The booking's reminders and the customer's answer (decision 073). */
  reminders?: BookingReminder[];
}) {
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(o) => !o && onClose()}
      title={booking ? booking.customerName || 'Cliente' : 'Agendamento'}
    >
      {booking ? <BookingDetails booking={booking} setup={setup} onDone={onClose} reminders={reminders} /> : null}
    </Dialog>
  );
}

function BookingDetails({
  booking,
  setup,
  onDone,
  reminders,
}: {
  booking: Booking;
  setup: AgendaSetup;
  onDone: () => void;
  reminders: BookingReminder[];
}) {
  const tz = setup.timeZone;
  const start = wallClock(new Date(booking.startsAt), tz);
  const end = wallClock(new Date(booking.endsAt), tz);
  const professional = setup.professionals.find((p) => p.id === booking.professionalId);
  const status = useBookingStatus();
  const cancel = useCancelBooking();
  const move = useMoveBooking();
  const [day, setDay] = useState(start.day);
  const [time, setTime] = useState(hhmm(start.minutes));
  const [professionalId, setProfessionalId] = useState(booking.professionalId);
  const active = booking.status === 'held' || booking.status === 'booked' || booking.status === 'confirmed';
  const past = new Date(booking.startsAt).getTime() <= Date.now();

  const mark = (next: 'attended' | 'no_show') =>
    status.mutate(
      { id: booking.id, status: next },
      {
        onSuccess: () => {
          toast.success(next === 'attended' ? 'Marcado: compareceu.' : 'Marcado: não compareceu.');
          onDone();
        },
        onError: (err) => toast.error(err.message),
      },
    );

  const reschedule = (e: FormEvent) => {
    e.preventDefault();
    move.mutate(
      {
        id: booking.id,
        startsAt: instantOf(day, minutesOfHhmm(time), tz).toISOString(),
        professionalId,
        version: booking.version,
      },
      {
        onSuccess: () => {
          toast.success(`Remarcado para ${dayLabel(day)} às ${time}.`);
          onDone();
        },
      },
    );
  };

  return (
    <div className="mt-3 space-y-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-500">Quando</dt>
        <dd className="text-slate-900">
          {dayLabel(start.day)}, {hhmm(start.minutes)}–{hhmm(end.minutes)}
        </dd>
        <dt className="text-slate-500">Serviço</dt>
        <dd className="text-slate-900">
          {booking.serviceName} · {formatPrice(booking.priceCents)}
        </dd>
        {professional ? (
          <>
            <dt className="text-slate-500">Com</dt>
            <dd className="text-slate-900">{professional.name}</dd>
          </>
        ) : null}
        {booking.customerPhone ? (
          <>
            <dt className="text-slate-500">WhatsApp</dt>
            <dd className="text-slate-900">{booking.customerPhone}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Situação</dt>
        <dd>
          <StatusBadge status={booking.status} />
          {booking.source === 'ai' ? <span className="ml-2 text-xs text-slate-500">agendado pela IA</span> : null}
        </dd>
      </dl>
      <BookingReminders reminders={reminders} startsAt={booking.startsAt} timeZone={tz} />
      {booking.convId ? (
        <Button variant="secondary" asChild className="w-full sm:w-auto">
          <Link to={paths.conversations.getHref(`?${new URLSearchParams({ conversa: booking.convId }).toString()}`)}>
            <MessageCircle aria-hidden />
            Abrir conversa
          </Link>
        </Button>
      ) : null}
      {booking.status !== 'cancelled' ? (
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant={booking.status === 'attended' ? 'primary' : 'secondary'}
            disabled={status.isPending || booking.status === 'attended'}
            onClick={() => mark('attended')}
          >
            <CheckCircle2 aria-hidden />
            Compareceu
          </Button>
          <Button
            variant={booking.status === 'no_show' ? 'danger' : 'secondary'}
            disabled={status.isPending || booking.status === 'no_show'}
            onClick={() => mark('no_show')}
          >
            <UserX aria-hidden />
            Não compareceu
          </Button>
        </div>
      ) : null}
      {active ? (
        <form className="space-y-3 rounded-lg border border-slate-200 p-3" onSubmit={reschedule} noValidate>
          <h3 className="text-sm font-semibold text-slate-900">Remarcar</h3>
          <DayTimeFields idPrefix="move" day={day} time={time} onDay={setDay} onTime={setTime} />
          <ProfessionalSelect
            id="move-professional"
            professionals={setup.professionals.filter((p) => p.active)}
            value={professionalId}
            onChange={setProfessionalId}
          />
          <div className="flex flex-col gap-2 sm:items-end">
            <FormSubmit error={move.error?.message} pending={move.isPending} label="Remarcar" />
          </div>
        </form>
      ) : null}
      {active ? (
        <Button
          variant="ghost"
          className="w-full text-red-700 hover:bg-red-50 sm:w-auto"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(booking.id, {
              onSuccess: () => {
                toast.success('Agendamento cancelado. O horário está livre.');
                onDone();
              },
              onError: (err) => toast.error(err.message),
            })
          }
        >
          <CalendarX2 aria-hidden />
          Cancelar agendamento
        </Button>
      ) : null}
      {past && active ? (
        <p className="text-xs text-slate-500">Este horário já passou: marque se o cliente compareceu.</p>
      ) : null}
    </div>
  );
}
