import { formatPhone } from '@vendai/contracts';
import { deliverAlert } from '../../domain/handoff/owner-alerts.ts';
import type { PixChargeState } from '../../integrations/pix/pix-provider.ts';
import { claimPaidNotice, moveOrder, selectOrderByCharge } from './charge-repository.ts';
import type { OrderRow } from '../../domain/orders/orders-repository.ts';
import type { PixDeps } from './pix-deps.ts';
import { chatOf, postToChat } from './post-to-chat.ts';
import { ownerPaidAlert, paidText } from './pix-texts.ts';
import {
  type EventPublish,
  publishEngineEvents,
  queuedPart,
  republishStoredEvents,
} from '../../domain/engine-events/event-job.ts';
import { ALERT_REASON_MAX, capText, defangLinks, nameForAlert } from '../../domain/handoff/alert-text.ts';

/** Which order statuses each provider status may move an order from. */
const MOVES: Record<PixChargeState['status'], { to: OrderRow['status']; from: OrderRow['status'][] } | null> = {
  pending: null,
  paid: { to: 'paid', from: ['pending', 'awaiting_payment', 'expired', 'cancelled'] },
  expired: { to: 'expired', from: ['awaiting_payment'] },
  cancelled: { to: 'cancelled', from: ['awaiting_payment'] },
  refunded: { to: 'refunded', from: ['awaiting_payment', 'paid'] },
};

/**
 * Applies a charge's state as the provider gave it when re-read. A paid charge counts only when its
 * reference is the order and its amount the order's total; the order then becomes paid once (a
 * conditional update), the customer gets the confirmation and the owner an alert. False when no
 * order of this owner has the charge, or nothing changed.
 */
export async function applyChargeState(deps: PixDeps, accountId: string, state: PixChargeState): Promise<boolean> {
  const order = await selectOrderByCharge(deps.db, accountId, state.providerId);
  if (!order) return false;
  const move = MOVES[state.status];
  if (!move) return false;
  if (
    state.status === 'paid' &&
    (state.amountCents !== order.totalCents || (state.reference && state.reference !== order.id))
  ) {
    deps.log.warn({ orderId: order.id, state }, 'pix: a paid charge does not match its order; not counted');
    return false;
  }
  const moved = await moveOrder(deps.db, order.id, move);
  if (!moved) return false;
  if (move.to === 'paid') {
    // Paid after the order expired or was cancelled: counted, and both told it came late.
    const late = order.status === 'expired' || order.status === 'cancelled';
    // Who reacts to a payment listens (the funnel's card to Pago; docs/decisions/060-events-features-listen.md).
    await publishEngineEvents(deps, paidEvent(moved, late));
    await notifyPaid(deps, moved, { late });
  }
  return true;
}

const paidEvent = (order: OrderRow, late: boolean): EventPublish => ({
  key: `paid:${order.id}`,
  afterBurst: null,
  events: [{ name: 'order.paid', payload: { userId: order.userId, convId: order.convId, orderId: order.id, late } }],
});

/**
 * A paid order never told (its process died between the move to paid and the notice; the sweeper
 * finds it, sweep-orders.ts): 'order.paid' queued again unless its job exists, then the customer's
 * confirmation and the owner's alert, once. Late when it was paid after its expiry.
 */
export async function resumePaidNotice(deps: PixDeps, order: OrderRow): Promise<void> {
  const late = order.expiresAt !== null && order.paidAt !== null && order.paidAt > order.expiresAt;
  await republishStoredEvents(deps, queuedPart(deps.events, paidEvent(order, late)), null);
  await notifyPaid(deps, order, { late });
}

/**
 * The customer's confirmation (as the agent) and the owner's alert, once per order. A late payment (the
 * order had expired) is not confirmed as a sale to the customer: the owner is asked to check whether
 * the order can still be served or the money returned.
 */
async function notifyPaid(deps: PixDeps, order: OrderRow, { late }: { late: boolean }): Promise<void> {
  if (!(await claimPaidNotice(deps.db, order.id))) return;
  const chat = await chatOf(deps, order.userId, order.convId);
  if (!chat) return;
  await postToChat(deps, {
    accountId: order.userId,
    convId: order.convId,
    author: 'ai',
    part: {
      text: paidText({
        totalCents: order.totalCents,
        contactName: chat.contactName,
        late,
        kind: order.kind,
        description: order.description,
      }),
    },
  });
  // The customer's name and the order's description are made inert like any alert text (decision 021).
  const who = [nameForAlert(chat.contactName), chat.contactPhone ? formatPhone(chat.contactPhone) : null]
    .filter(Boolean)
    .join(' · ');
  await deliverAlert(
    { ...deps, appUrl: deps.env.appUrl },
    {
      accountId: order.userId,
      convId: order.convId,
      kind: 'pix_paid',
      text: ownerPaidAlert({
        who: who || 'Um cliente',
        totalCents: order.totalCents,
        description: capText(defangLinks(order.description), ALERT_REASON_MAX),
        link: `${deps.env.appUrl}/dashboard?conversa=${encodeURIComponent(order.convId)}`,
        late,
      }),
      instanceName: chat.instanceName,
      numberPhone: chat.numberPhone,
      limited: false,
    },
  ).catch((err) => deps.log.warn({ err, orderId: order.id }, 'pix: the owner alert failed'));
}
