import { DEPOSIT_UNPAID_REASON } from '@vendai/contracts';
import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { checkChargeJob } from './check-charge.ts';
import { selectDepositOrder, stopDepositOrder } from './deposit-repository.ts';
import { pixMessageId } from './charge-order.ts';
import type { PixDeps } from './pix-deps.ts';
import { depositReleasedText } from './pix-texts.ts';
import { postToChat } from './post-to-chat.ts';

/** The n of the released notice among the deposit order's messages (the charge's are 0–2). */
const RELEASED_MESSAGE = 100;

/**
 * A booking's sinal ends with the booking (docs/decisions/074-agenda-deposit.md): when a booking held
 * for its deposit is cancelled — its hold ran out ('sinal não pago'), or the owner or the AI cancelled it
 * — its unpaid deposit order stops: charged → expired (the charge then cancelled at the provider, as any
 * expired order's), not yet charged → failed. For an unpaid sinal the customer is told once (the
 * message's id is the order's), unless the deposit was paid meanwhile (then the agenda takes the slot
 * back, or the late payment's own notice and the owner's alert speak). The order is found by its key
 * ('sinal:<booking>'): the Pix side knows nothing else of the agenda.
 */
export async function endDeposit(
  deps: PixDeps,
  e: { userId: string; bookingId: string; startsAt: string; reason: string },
): Promise<void> {
  const order = await selectDepositOrder(deps.db, e.userId, e.bookingId);
  if (!order) return;
  const { expired, status } = await stopDepositOrder(deps.db, order.id);
  if (expired) await deps.jobs.send(checkChargeJob, { orderId: order.id }, { singletonKey: order.id });
  if (e.reason !== DEPOSIT_UNPAID_REASON || status === 'paid' || status === 'refunded') return;
  await postToChat(deps, {
    accountId: order.userId,
    convId: order.convId,
    author: order.source === 'ai' ? 'ai' : 'owner_app',
    part: { text: depositReleasedText(order.description) },
    id: pixMessageId(order.id, RELEASED_MESSAGE),
  });
}

/** The Pix side's listener of cancelled bookings (register-pix.ts). */
export function listenForDepositEnds(events: EngineEvents, deps: PixDeps): void {
  events.on('booking.cancelled', async (e) => endDeposit(deps, e));
}
