import { type Booking, DEPOSIT_UNPAID_REASON } from '@vendai/contracts';
import { z } from 'zod';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { isEmailVerified } from '../../domain/account/email-verified.ts';
import { slotText } from '../../domain/agenda-chat/agenda-tools.ts';
import { queuedPart, republishStoredEvents } from '../../domain/engine-events/event-job.ts';
import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { placeOrder } from '../../domain/orders/place-order.ts';
import { defineJob, defineJobType, type Jobs } from '../../jobs/job.ts';
import { type AgendaDeps, nowOf, unlessTaken } from './agenda-deps.ts';
import { bookingEventBase, publishBookingEvent } from './booking-events.ts';
import { setBookingStatus } from './booking-status.ts';
import { selectBooking } from './bookings-repository.ts';
import {
  hasPixAccount,
  linkDepositOrder,
  releaseExpiredHolds,
  retakeReleased,
  selectBookingOfDeposit,
  selectHeldWithoutOrder,
  selectRecentReleases,
  selectServiceDeposit,
} from './deposit-repository.ts';

/**
 * The optional deposit ('sinal') of a service (docs/decisions/074-agenda-deposit.md): a booking of it made
 * for a conversation is `held` until the sinal is paid by Pix, the Pix being an order of kind 'deposit'
 * charged and sent by the Pix flow (domain/orders, modules/pix: origin 'pix' through the one door out).
 * Paid ('order.paid') → `booked`; unpaid at `hold_expires_at` → released by 'agenda.release-holds'
 * (cancelled, 'sinal não pago'); the Pix side listens to that cancellation, ends the charge and tells the
 * customer.
 */

const MINUTE = 60_000;
const BATCH = 100;

/** The sinal of a service for a price, in cents; null = none (no deposit, or a percent of 'sob consulta'). */
export function depositCentsOf(s: {
  depositCents: number | null;
  depositPercent: number | null;
  priceCents: number | null;
}): number | null {
  if (s.depositCents) return s.depositCents;
  if (s.depositPercent && s.priceCents) {
    const cents = Math.round((s.priceCents * s.depositPercent) / 100);
    // Pix charges start at R$ 1,00 (the orders' own minimum).
    return cents >= 100 ? cents : null;
  }
  return null;
}

/**
 * Until when a new booking of the service is held for its sinal, or null when it is booked at once: no
 * deposit, no conversation to send the Pix to, or an account that cannot charge Pix (no Pix account, the
 * e-mail not confirmed) — a hold nobody can pay would only lose the slot.
 */
export async function holdFor(
  deps: AgendaDeps,
  o: {
    accountId: string;
    convId?: string | null;
    service: {
      depositCents: number | null;
      depositPercent: number | null;
      priceCents: number | null;
      holdMinutes: number;
    };
  },
): Promise<Date | null> {
  if (!o.convId || depositCentsOf(o.service) === null) return null;
  if (!(await hasPixAccount(deps.db, o.accountId)) || !(await isEmailVerified(deps.db, o.accountId))) return null;
  return new Date(nowOf(deps).getTime() + o.service.holdMinutes * MINUTE);
}

/**
 * Places the held booking's deposit order once (keyed by the booking) and links it: the Pix flow
 * charges it (valid until the hold ends) and sends it to the customer. Safe to repeat.
 */
export async function placeDepositOrder(deps: AgendaDeps, accountId: string, booking: Booking): Promise<void> {
  if (booking.status !== 'held' || !booking.convId || !booking.holdExpiresAt) return;
  const service = await selectServiceDeposit(deps.db, accountId, booking.serviceId);
  const cents = service ? depositCentsOf({ ...service, priceCents: booking.priceCents }) : null;
  if (!service || cents === null) return;
  const when = slotText(new Date(booking.startsAt), await getAccountTimeZone(deps.db, accountId));
  const { order } = await placeOrder(deps, {
    accountId,
    convId: booking.convId,
    source: booking.source === 'ai' ? 'ai' : 'manual',
    kind: 'deposit',
    validUntil: new Date(booking.holdExpiresAt),
    originKey: `sinal:${booking.id}`,
    lines: [{ itemId: null, name: `Sinal: ${service.name}`, option: null, quantity: 1, unitCents: cents }],
    description: `${service.name}, ${when}`,
    totalCents: cents,
  });
  await linkDepositOrder(deps.db, accountId, booking.id, order.id);
}

/** 'agenda.release-holds', every minute (one run across processes). */
export const releaseHoldsJob = defineJobType({
  id: 'agenda.release-holds',
  payload: z.object({}),
  cron: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 5 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/** How far back a release's event is checked (a process killed between the release and its event). */
const RECHECK_MINUTES = 15;

const releasedEvent = (accountId: string, b: Booking) => ({
  key: `booking.cancelled:${b.id}`,
  afterBurst: null,
  events: [
    {
      name: 'booking.cancelled' as const,
      payload: { ...bookingEventBase(accountId, b, 'system'), startsAt: b.startsAt, reason: DEPOSIT_UNPAID_REASON },
    },
  ],
});

/**
 * Releases the held bookings whose sinal was not paid in time: each becomes cancelled ('sinal não pago')
 * in exactly one process, and its `booking.cancelled` is published (the Pix side ends the charge and
 * tells the customer; calendar sync and the agenda page follow). A process killed between the release and
 * the event leaves it to the next pass, which queues the event again unless its job exists. Held bookings
 * whose process died before placing the order get it now. Returns how many were released.
 */
export async function releaseHolds(deps: AgendaDeps): Promise<number> {
  const now = nowOf(deps);
  const released = await releaseExpiredHolds(deps.db, now, BATCH);
  for (const r of released) {
    const b = await selectBooking(deps.db, r.userId, r.id);
    if (b) await publishBookingEvent(deps, b, releasedEvent(r.userId, b).events[0]!);
  }
  if (released.length > 0)
    deps.log.info({ bookings: released.map((r) => r.id) }, 'agenda: holds released (sinal não pago)');
  const since = new Date(now.getTime() - RECHECK_MINUTES * MINUTE);
  const justReleased = new Set(released.map((r) => r.id));
  for (const r of await selectRecentReleases(deps.db, since, BATCH)) {
    if (justReleased.has(r.id)) continue;
    const b = await selectBooking(deps.db, r.userId, r.id);
    if (b) await republishStoredEvents(deps, queuedPart(deps.events, releasedEvent(r.userId, b)), null);
  }
  for (const r of await selectHeldWithoutOrder(deps.db, new Date(now.getTime() - MINUTE), BATCH)) {
    const b = await selectBooking(deps.db, r.userId, r.id);
    if (b) await placeDepositOrder(deps, r.userId, b);
  }
  return released.length;
}

/**
 * A paid deposit: the held booking becomes `booked` (a booking whose sinal is paid is as good as one
 * made without a deposit; `confirmed` stays the customer's own confirmation). A payment that raced the
 * release (the hold was released, the charge not yet ended) takes the slot back when it is still free.
 */
export async function depositPaid(deps: AgendaDeps, orderId: string): Promise<void> {
  const b = await selectBookingOfDeposit(deps.db, orderId);
  if (!b) return;
  if (b.status === 'held') {
    await setBookingStatus(deps, { accountId: b.userId, bookingId: b.id, status: 'booked', by: 'pix' }).catch((err) =>
      deps.log.warn({ err, bookingId: b.id }, 'agenda: a paid sinal could not book'),
    );
    return;
  }
  if (b.status !== 'cancelled' || b.cancelReason !== DEPOSIT_UNPAID_REASON) return;
  const back = await unlessTaken(() => retakeReleased(deps.db, b.userId, b.id)).catch(() => false);
  deps.log.warn({ bookingId: b.id, back }, 'agenda: a sinal paid as its hold was released');
  if (!back) return;
  const booking = (await selectBooking(deps.db, b.userId, b.id))!;
  await publishBookingEvent(deps, booking, {
    name: 'booking.status_changed',
    payload: { ...bookingEventBase(b.userId, booking, 'pix'), status: 'booked', previous: 'cancelled' },
  });
}

/** Registers the release job and the listener of paid deposits (app.ts). */
export function registerDeposits(deps: AgendaDeps & { jobs: Jobs; events: EngineEvents }): void {
  deps.jobs.register(defineJob(releaseHoldsJob, async () => void (await releaseHolds(deps))));
  deps.events.on('order.paid', async ({ orderId }) => depositPaid(deps, orderId));
}
