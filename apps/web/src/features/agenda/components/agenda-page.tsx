import type { AgendaBlock, AgendaSetup, Booking } from '@vendai/contracts/agenda';
import { Ban, BellRing, CalendarPlus, ChevronLeft, ChevronRight, Link2, ListChecks, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useAgendaRealtime, useAgendaSetup, useCalendar, useMoveBooking } from '../api/agenda';
import { addDays, dayLabel, hhmm, instantOf, shortDayLabel, wallClock, weekStart } from '../lib/zoned';
import { AgendaGrid, type GridColumn } from './agenda-grid';
import { BlockDetailsDialog, BlockDialog } from './block-dialog';
import { BookingDialog } from './booking-dialog';
import { type BookingSlot, NewBookingDialog } from './new-booking-dialog';
import { FeedDialog } from './feed-dialog';
import { FirstRunSetup } from './first-run-setup';
import { ProfessionalsDialog } from './professionals-dialog';
import { ServicesDialog } from './services-dialog';
import { RemindersDialog } from './reminders-dialog';
import { useBookingReminders } from '../api/reminders';

/**
 * 'Agenda' (/agenda, docs/decisions/069-agenda.md): the first run sets up a one-person business; then
 * the day and week of every professional, bookings made by hand, the AI's and the customers', blocks.
 */
export function AgendaPage() {
  const setup = useAgendaSetup();
  useAgendaRealtime();
  const ready = setup.data && setup.data.professionals.length > 0 && setup.data.services.length > 0;
  return (
    <div className="w-full space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      {setup.isPending ? (
        <Spinner label="Carregando a agenda..." />
      ) : setup.isError ? (
        <Alert tone="error">
          Não foi possível carregar a agenda. {setup.error.message}{' '}
          <Button variant="link" size="sm" className="h-auto" onClick={() => void setup.refetch()}>
            Tentar de novo
          </Button>
        </Alert>
      ) : ready ? (
        <AgendaCalendarView setup={setup.data} />
      ) : (
        <>
          <PageHeader
            title="Agenda"
            description="Seus horários, os agendamentos feitos pela IA no WhatsApp e os feitos por você, num só lugar."
          />
          <FirstRunSetup />
        </>
      )}
    </div>
  );
}

type View = 'day' | 'week';
const prefersDay = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches;

function AgendaCalendarView({ setup }: { setup: AgendaSetup }) {
  const tz = setup.timeZone;
  const today = wallClock(new Date(), tz).day;
  const isOwner = useMe().data?.team.role === 'owner';
  const [view, setView] = useState<View>(() => (prefersDay() ? 'day' : 'week'));
  const [day, setDay] = useState(today);
  const [newAt, setNewAt] = useState<BookingSlot | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [block, setBlock] = useState<AgendaBlock | null>(null);
  const [blockDay, setBlockDay] = useState<string | null>(null);
  const [services, setServices] = useState(false);
  const [people, setPeople] = useState(false);
  const [feed, setFeed] = useState(false);
  const [remindersOpen, setRemindersOpen] = useState(false);
  const move = useMoveBooking();

  const first = view === 'day' ? day : weekStart(day);
  const days = view === 'day' ? [day] : Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const from = instantOf(first, 0, tz);
  const to = instantOf(addDays(first, days.length), 0, tz);
  const calendar = useCalendar(from, to);
  const reminders = useBookingReminders(from, to);
  const professionals = setup.professionals.filter((p) => p.active);
  const columns: GridColumn[] =
    view === 'day'
      ? professionals.map((p) => ({ key: p.id, day, professionalId: p.id, label: p.name }))
      : days.map((d) => ({ key: d, day: d, professionalId: null, label: shortDayLabel(d) }));
  const open = calendar.data?.bookings.find((b) => b.id === openId) ?? null;

  const step = (sign: 1 | -1) => setDay(addDays(day, sign * (view === 'day' ? 1 : 7)));
  // 'Novo agendamento' starts at the next full hour today, at 09:00 on another day.
  const nextHour = () =>
    day === today
      ? { day, minutes: Math.min(Math.ceil((wallClock(new Date(), tz).minutes + 1) / 60) * 60, 23 * 60) }
      : { day, minutes: 9 * 60 };
  const onMove = (booking: Booking, at: BookingSlot) => {
    const startsAt = instantOf(at.day, at.minutes, tz).toISOString();
    if (startsAt === new Date(booking.startsAt).toISOString() && at.professionalId === booking.professionalId) return;
    move.mutate(
      { id: booking.id, startsAt, professionalId: at.professionalId ?? undefined, version: booking.version },
      {
        onSuccess: () =>
          toast.success(
            `${booking.customerName || 'Agendamento'} remarcado para ${dayLabel(at.day)} às ${hhmm(at.minutes)}.`,
          ),
        onError: (err) => toast.error(err.message),
      },
    );
  };
  const rangeLabel = view === 'day' ? dayLabel(day) : `${dayLabel(first)} a ${dayLabel(addDays(first, 6))}`;

  return (
    <>
      <PageHeader
        title="Agenda"
        description="Toque num horário vazio para agendar; arraste um agendamento para remarcar. A IA agenda só nos horários livres."
        action={
          <Button onClick={() => setNewAt({ ...nextHour(), professionalId: null })}>
            <CalendarPlus aria-hidden />
            Novo agendamento
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label="Visualização"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
        >
          {(['day', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-semibold',
                view === v ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {v === 'day' ? 'Dia' : 'Semana'}
            </button>
          ))}
        </div>
        <div className="inline-flex items-center gap-1">
          <Button
            variant="secondary"
            size="icon"
            aria-label={view === 'day' ? 'Dia anterior' : 'Semana anterior'}
            onClick={() => step(-1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="secondary" size="sm" className="h-9" onClick={() => setDay(today)}>
            Hoje
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label={view === 'day' ? 'Próximo dia' : 'Próxima semana'}
            onClick={() => step(1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <p className="text-sm font-semibold text-slate-800 first-letter:uppercase" aria-live="polite">
          {rangeLabel}
        </p>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" className="h-9" onClick={() => setBlockDay(day)}>
            <Ban aria-hidden />
            Bloquear horário
          </Button>
          {isOwner ? (
            <Button variant="secondary" size="sm" className="h-9" onClick={() => setServices(true)}>
              <ListChecks aria-hidden />
              Serviços
            </Button>
          ) : null}
          {isOwner ? (
            <Button variant="secondary" size="sm" className="h-9" onClick={() => setPeople(true)}>
              <Users aria-hidden />
              Profissionais
            </Button>
          ) : null}
          {isOwner ? (
            <Button variant="secondary" size="sm" className="h-9" onClick={() => setRemindersOpen(true)}>
              <BellRing aria-hidden />
              Lembretes
            </Button>
          ) : null}
          {isOwner ? (
            <Button variant="secondary" size="sm" className="h-9" onClick={() => setFeed(true)}>
              <Link2 aria-hidden />
              Calendário no celular
            </Button>
          ) : null}
        </div>
      </div>
      {calendar.isError ? (
        <Alert tone="error">Não foi possível carregar os agendamentos. {calendar.error.message}</Alert>
      ) : null}
      <AgendaGrid
        columns={columns}
        professionals={professionals}
        calendar={calendar.data ?? { bookings: [], blocks: [] }}
        timeZone={tz}
        onCell={setNewAt}
        onBooking={(b) => setOpenId(b.id)}
        onBlock={setBlock}
        onMove={onMove}
      />
      <NewBookingDialog slot={newAt} onClose={() => setNewAt(null)} setup={setup} />
      <BookingDialog
        booking={open}
        onClose={() => setOpenId(null)}
        setup={setup}
        reminders={reminders.data?.filter((r) => r.bookingId === openId) ?? []}
      />
      <BlockDialog day={blockDay} onClose={() => setBlockDay(null)} setup={setup} />
      <BlockDetailsDialog block={block} onClose={() => setBlock(null)} timeZone={tz} />
      {isOwner ? <ServicesDialog open={services} onOpenChange={setServices} setup={setup} /> : null}
      {isOwner ? <ProfessionalsDialog open={people} onOpenChange={setPeople} setup={setup} /> : null}
      {isOwner ? <RemindersDialog open={remindersOpen} onOpenChange={setRemindersOpen} /> : null}
      {isOwner ? <FeedDialog open={feed} onOpenChange={setFeed} professionals={professionals} /> : null}
    </>
  );
}
