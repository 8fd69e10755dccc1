import { z } from 'zod';
import { pixProviderFor } from '../../integrations/pix/create-pix-provider.ts';
import { type PixProvider, PixProviderError } from '../../integrations/pix/pix-provider.ts';
import { defineJobType } from '../../jobs/job.ts';
import { applyChargeState } from './apply-charge-state.ts';
import { claimDueChecks, markChargeCancelled, selectOrder } from './charge-repository.ts';
import { loadPixAccount } from './pix-account.ts';
import type { PixDeps } from './pix-deps.ts';

/**
 * 'pix.check-charge': one charged order's payment read at the provider by VendAI itself, so a lost
 * webhook costs minutes, not a sale; for an expired order, its charge cancelled at the provider
 * (docs/decisions/055-pix-orders-state-machine.md). Queued by the sweep (sweep-orders.ts) for the
 * orders `dueChecks` picks and for the orders it expires; one at a time per order.
 */
export const checkChargeJob = defineJobType({
  id: 'pix.check-charge',
  payload: z.object({ orderId: z.uuid() }),
  queue: { policy: 'exclusive', retryLimit: 1, retryDelay: 30, expireInSeconds: 120, deleteAfterSeconds: 3600 },
  batchSize: 5,
  localConcurrency: 2,
});

const BATCH = 200;

/** An expired order's charge is cancelled at the provider; a provider that cannot answer is tried for this long. */
const CANCEL_FOR_DAYS = 7;

/**
 * Charged, unpaid orders whose turn to be read has come, and expired orders whose charge is still to
 * be cancelled at the provider (about every minute in the first hour, then every 30 minutes, for
 * CANCEL_FOR_DAYS), claimed for this run by writing `checked_at` (so a sweep in another process, or
 * the next one, does not pick them again before their turn).
 */
export async function dueChecks(deps: PixDeps, now: Date): Promise<string[]> {
  return claimDueChecks(deps.db, now, { cancelForDays: CANCEL_FOR_DAYS, limit: BATCH });
}

/**
 * Reads the order's charge at the provider and applies it through the same path as a webhook
 * (apply-charge-state.ts): paid → the order paid once, the customer's confirmation and the owner's
 * alert once, whichever of the webhook and this check comes first. A provider that cannot answer now
 * is left for the next turn.
 */
export async function checkCharge(deps: PixDeps, orderId: string): Promise<void> {
  const order = await selectOrder(deps.db, orderId);
  const expired = order?.status === 'expired' && order.chargeCancelledAt === null;
  if (!order?.providerChargeId || (order.status !== 'awaiting_payment' && !expired)) return;
  const account = await loadPixAccount(deps, { accountId: order.userId });
  // The owner changed provider (or removed Pix): this charge is at an account VendAI no longer holds.
  if (!account || account.provider !== order.provider) return;
  const provider = pixProviderFor(account, deps.endpoints);
  if (!provider) return;
  try {
    if (expired) await cancelAtProvider(deps, provider, { ...order, providerChargeId: order.providerChargeId });
    else await applyChargeState(deps, order.userId, await provider.getCharge(order.providerChargeId));
  } catch (err) {
    if (!(err instanceof PixProviderError)) throw err;
    deps.log.warn({ err, orderId }, 'pix: the charge could not be read at the provider; read again later');
  }
}

/**
 * The order expired in VendAI (CHARGE_VALID_HOURS, or the provider said so): its charge is cancelled
 * at the provider so the customer can no longer pay a sale that is over. The provider refuses when the
 * charge was paid in the meantime (Asaas removes only payments awaiting payment or overdue; Mercado
 * Pago cancels only 'pending', 'in_process' or 'authorized'): the charge is then read and applied like
 * a webhook, so the payment is counted, the customer answered and the owner told it came after the
 * expiry (apply-charge-state.ts). A charge the provider already closed (cancelled, expired there) needs
 * nothing more.
 */
async function cancelAtProvider(
  deps: PixDeps,
  provider: PixProvider,
  order: { id: string; userId: string; providerChargeId: string },
): Promise<void> {
  try {
    await provider.cancelCharge(order.providerChargeId);
  } catch (err) {
    if (!(err instanceof PixProviderError) || err.status === null || err.status >= 500) throw err;
    const state = await provider.getCharge(order.providerChargeId);
    await applyChargeState(deps, order.userId, state);
    if (state.status === 'pending') throw err; // refused yet still payable: tried again on its next turn
  }
  await markChargeCancelled(deps.db, order.id);
  deps.log.info({ orderId: order.id }, 'pix: the expired order’s charge is closed at the provider');
}
