import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { AgendaBlock, AgendaCalendar, AgendaProfessional, Booking } from '@vendai/contracts/agenda';
import { BOOKING_STATUS_LABELS } from '@vendai/contracts/agenda';
import { Bot } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dayLabel, hhmm, shortDayLabel, wallClock } from '../lib/zoned';
import type { BookingSlot } from './new-booking-dialog';

/** Height of 30 minutes, in px. */
const ROW = 28;
const STEP = 30;

export interface GridColumn {
  key: string;
  day: string;
  /** Day view: the column's professional; week view: null (each booking keeps its own). */
  professionalId: string | null;
  label: string;
}

interface Placed<T> {
  item: T;
  top: number;
  height: number;
  lane: number;
}

const ACTIVE = new Set<Booking['status']>(['held', 'booked', 'confirmed']);

/**
 * The agenda as a time grid (docs/decisions/069-agenda.md): a column per professional (day) or per day
 * (week, a lane per professional inside the day), 30-minute rows in the account's time zone. A tap on an
 * empty cell books there; a booking opens its details; a drag (mouse, or a long press on a phone)
 * moves it to the cell under its top edge. 'Remarcar' in the booking's details does the same by keyboard.
 */
export function AgendaGrid({
  columns,
  professionals,
  calendar,
  timeZone,
  onCell,
  onBooking,
  onBlock,
  onMove,
}: {
  columns: GridColumn[];
  professionals: AgendaProfessional[];
  calendar: AgendaCalendar;
  timeZone: string;
  onCell: (slot: BookingSlot) => void;
  onBooking: (booking: Booking) => void;
  onBlock: (block: AgendaBlock) => void;
  onMove: (booking: Booking, to: BookingSlot) => void;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
  );
  const bookings = calendar.bookings.filter((b) => b.status !== 'cancelled');
  // From 07:00 to 21:00, wider when a booking falls outside.
  let first = 7 * 60;
  let last = 21 * 60;
  for (const b of bookings) {
    const s = wallClock(new Date(b.startsAt), timeZone).minutes;
    const e = wallClock(new Date(b.endsAt), timeZone).minutes;
    first = Math.min(first, Math.floor(s / 60) * 60);
    if (e > s) last = Math.max(last, Math.ceil(e / 60) * 60);
  }
  const rows: number[] = [];
  for (let m = first; m < last; m += STEP) rows.push(m);
  const lanes = columns.length > 0 && columns[0]!.professionalId === null ? professionals : [];
  const laneOf = (professionalId: string) =>
    Math.max(
      0,
      lanes.findIndex((p) => p.id === professionalId),
    );

  const place = <T,>(startsAt: string, endsAt: string, item: T, lane: number, day: string): Placed<T> | null => {
    const s = wallClock(new Date(startsAt), timeZone);
    const e = wallClock(new Date(endsAt), timeZone);
    if (s.day > day || e.day < day || (e.day === day && e.minutes === 0 && s.day !== day)) return null;
    const from = s.day < day ? first : Math.max(first, s.minutes);
    const to = e.day > day ? last : Math.min(last, e.minutes);
    if (to <= from) return null;
    return { item, top: ((from - first) / STEP) * ROW, height: Math.max(((to - from) / STEP) * ROW, ROW - 4), lane };
  };

  const onDragEnd = (e: DragEndEvent) => {
    const booking = e.active.data.current as Booking | undefined;
    if (!booking || !e.over) return;
    const [day, minutes, professionalId] = String(e.over.id).split('|');
    onMove(booking, { day: day!, minutes: Number(minutes), professionalId: professionalId || booking.professionalId });
  };

  const laneCount = Math.max(1, lanes.length);
  return (
    <DndContext sensors={sensors} collisionDetection={underTopEdge} onDragEnd={onDragEnd}>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" data-testid="agenda-grid">
        <div
          className="grid min-w-full"
          style={{
            gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(${columns.length > 1 ? 7.5 : 12}rem, 1fr))`,
          }}
        >
          <div className="sticky left-0 z-20 border-b border-slate-200 bg-white" />
          {columns.map((c) => (
            <div
              key={c.key}
              className="border-b border-l border-slate-200 px-2 py-2 text-center text-sm font-semibold text-slate-800"
            >
              {c.label}
            </div>
          ))}
          <div className="sticky left-0 z-20 bg-white">
            {rows.map((m) => (
              <div key={m} className="relative text-right text-xs text-slate-500" style={{ height: ROW }}>
                {m % 60 === 0 ? <span className="absolute -top-2 right-2">{hhmm(m)}</span> : null}
              </div>
            ))}
          </div>
          {columns.map((c) => {
            const placedBookings = bookings
              .filter((b) => c.professionalId === null || b.professionalId === c.professionalId)
              .map((b) => place(b.startsAt, b.endsAt, b, c.professionalId ? 0 : laneOf(b.professionalId), c.day))
              .filter((p): p is Placed<Booking> => p !== null);
            const placedBlocks = calendar.blocks
              .filter(
                (b) => c.professionalId === null || b.professionalId === null || b.professionalId === c.professionalId,
              )
              .map((b) => place(b.startsAt, b.endsAt, b, 0, c.day))
              .filter((p): p is Placed<AgendaBlock> => p !== null);
            return (
              <div key={c.key} className="relative border-l border-slate-200">
                {rows.map((m) => (
                  <Cell key={m} column={c} minutes={m} onCell={onCell} />
                ))}
                {placedBlocks.map(({ item, top, height }) => (
                  <button
                    key={item.id}
                    type="button"
                    onClick={() => onBlock(item)}
                    className="absolute inset-x-0 z-[1] overflow-hidden border-y border-slate-300 bg-[repeating-linear-gradient(45deg,var(--color-slate-100),var(--color-slate-100)_6px,var(--color-slate-200)_6px,var(--color-slate-200)_12px)] px-2 py-0.5 text-left text-xs font-medium text-slate-700"
                    style={{ top, height }}
                    aria-label={`Bloqueado: ${item.reason || 'sem motivo'}`}
                  >
                    {item.reason || 'Bloqueado'}
                  </button>
                ))}
                {placedBookings.map((p) => (
                  <BookingChip
                    key={p.item.id}
                    placed={p}
                    laneCount={c.professionalId ? 1 : laneCount}
                    timeZone={timeZone}
                    professional={professionals.find((x) => x.id === p.item.professionalId)?.name}
                    onOpen={onBooking}
                  />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </DndContext>
  );
}

/** The drop target is the cell under the dragged booking's top edge (where its new start will be). */
const underTopEdge: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers }) => {
  const x = collisionRect.left + Math.min(12, collisionRect.width / 2);
  const y = collisionRect.top + 2;
  for (const c of droppableContainers) {
    const r = droppableRects.get(c.id);
    if (r && x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height) return [{ id: c.id }];
  }
  return [];
};

function Cell({ column, minutes, onCell }: { column: GridColumn; minutes: number; onCell: (s: BookingSlot) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: `${column.day}|${minutes}|${column.professionalId ?? ''}` });
  return (
    <button
      ref={setNodeRef}
      type="button"
      tabIndex={-1}
      aria-label={`Agendar ${dayLabel(column.day)} às ${hhmm(minutes)}`}
      onClick={() => onCell({ day: column.day, minutes, professionalId: column.professionalId })}
      className={cn(
        'block w-full border-slate-100 hover:bg-brand-50/60',
        minutes % 60 === 0 ? 'border-t border-t-slate-200' : 'border-t border-dashed',
        isOver && 'bg-brand-100',
      )}
      style={{ height: ROW }}
    />
  );
}

const CHIP_TONE: Record<Booking['status'], string> = {
  held: 'border-amber-400 bg-amber-50 text-amber-900',
  booked: 'border-brand-500 bg-brand-50 text-brand-900',
  confirmed: 'border-emerald-500 bg-emerald-50 text-emerald-900',
  cancelled: 'border-slate-300 bg-slate-50 text-slate-500',
  no_show: 'border-red-400 bg-red-50 text-red-800 line-through decoration-red-400/60',
  attended: 'border-emerald-600 bg-emerald-100 text-emerald-900',
};

function BookingChip({
  placed,
  laneCount,
  timeZone,
  professional,
  onOpen,
}: {
  placed: Placed<Booking>;
  laneCount: number;
  timeZone: string;
  professional: string | undefined;
  onOpen: (b: Booking) => void;
}) {
  const b = placed.item;
  const movable = ACTIVE.has(b.status);
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: b.id, data: b, disabled: !movable });
  const start = wallClock(new Date(b.startsAt), timeZone);
  const width = 100 / laneCount;
  const name = b.customerName || 'Cliente';
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...(movable ? listeners : {})}
      onClick={() => onOpen(b)}
      aria-label={`${name}, ${b.serviceName}, ${shortDayLabel(start.day)} ${hhmm(start.minutes)}${professional && laneCount > 1 ? `, com ${professional}` : ''}: ${BOOKING_STATUS_LABELS[b.status]}`}
      className={cn(
        'absolute z-[2] overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs shadow-sm',
        CHIP_TONE[b.status],
        movable && 'cursor-grab touch-manipulation',
        isDragging && 'z-10 cursor-grabbing opacity-90 shadow-lg ring-2 ring-brand-500',
      )}
      style={{
        top: placed.top + 1,
        height: placed.height - 2,
        left: `calc(${placed.lane * width}% + 2px)`,
        width: `calc(${width}% - 4px)`,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
    >
      <span className="flex items-center gap-1 truncate font-semibold">
        {hhmm(start.minutes)} {name}
        {b.source === 'ai' ? <Bot className="size-3 shrink-0" aria-hidden /> : null}
        {placed.height < 40 ? <span className="truncate font-normal">· {b.serviceName}</span> : null}
      </span>
      {placed.height >= 40 ? <span className="block truncate">{b.serviceName}</span> : null}
    </button>
  );
}
