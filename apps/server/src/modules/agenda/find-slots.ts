import { AGENDA_MESSAGES, type AgendaProfessional, type AgendaService, type WeeklyHours } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { type AvailabilityInput, freeSlots } from '../../domain/agenda/availability.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../domain/business-hours/default-hours.ts';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import { notFound } from '../../lib/app-error.ts';
import { selectBusy } from './bookings-repository.ts';
import { selectProfessionals, selectService, selectSettings } from './setup-repository.ts';

/** A free start for one professional. */
export interface FreeSlot {
  professionalId: string;
  startsAt: Date;
  endsAt: Date;
}

/** Everything availability needs about the account and a service, read once. */
export interface SlotContext {
  timeZone: string;
  horizonDays: number;
  stepMinutes: number;
  closedDays: string[];
  service: AgendaService;
  /** The active professionals who do the service (all active ones when the service names none). */
  professionals: (AgendaProfessional & { effectiveWeek: WeeklyHours })[];
}

export async function loadSlotContext(db: Db, accountId: string, serviceId: string): Promise<SlotContext> {
  const service = await selectService(db, accountId, serviceId);
  if (!service) throw notFound(AGENDA_MESSAGES.serviceNotFound);
  const [settings, timeZone, hours, all] = await Promise.all([
    selectSettings(db, accountId),
    getAccountTimeZone(db, accountId),
    loadBusinessHours(db, accountId),
    selectProfessionals(db, accountId),
  ]);
  const week = hours.week ?? DEFAULT_BUSINESS_HOURS;
  const professionals = all
    .filter((p) => p.active && (service.professionalIds.length === 0 || service.professionalIds.includes(p.id)))
    .map((p) => ({ ...p, effectiveWeek: p.week ?? week }));
  return {
    timeZone,
    horizonDays: settings.horizonDays,
    stepMinutes: settings.slotStepMinutes,
    closedDays: hours.closedDays,
    service,
    professionals,
  };
}

/**
 * Free slots of a service between `from` and `to` (docs/decisions/069-agenda.md), per professional
 * (one, or every one who does it), by start. Bookings and blocks are read in one pass each.
 */
export async function findFreeSlots(
  db: Db,
  accountId: string,
  o: {
    serviceId: string;
    professionalId?: string | null;
    from: Date;
    to: Date;
    now: Date;
    /** A booking being moved does not stand in its own way. */
    exceptBookingId?: string;
    /** Bookings ignored (blocks still count): tells 'just taken' from 'never free'. */
    ignoreBookings?: boolean;
  },
  context?: SlotContext,
): Promise<FreeSlot[]> {
  const ctx = context ?? (await loadSlotContext(db, accountId, o.serviceId));
  const professionals = o.professionalId
    ? ctx.professionals.filter((p) => p.id === o.professionalId)
    : ctx.professionals;
  if (!ctx.service.active || professionals.length === 0) return [];
  const margin = 24 * 60 * 60_000;
  const busy = await selectBusy(
    db,
    accountId,
    professionals.map((p) => p.id),
    new Date(o.from.getTime() - margin),
    new Date(o.to.getTime() + margin),
    { exceptBookingId: o.exceptBookingId, blocksOnly: o.ignoreBookings },
  );
  const slots: FreeSlot[] = [];
  for (const p of professionals) {
    const input: AvailabilityInput = {
      now: o.now,
      timeZone: ctx.timeZone,
      from: o.from,
      to: o.to,
      horizonDays: ctx.horizonDays,
      stepMinutes: ctx.stepMinutes,
      service: ctx.service,
      professional: { week: p.effectiveWeek, breaks: p.breaks, daysOff: p.daysOff },
      closedDays: ctx.closedDays,
      busy: busy.filter((b) => b.professionalId === null || b.professionalId === p.id),
    };
    for (const s of freeSlots(input)) slots.push({ professionalId: p.id, startsAt: s.start, endsAt: s.end });
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
