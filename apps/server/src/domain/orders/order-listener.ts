import type { EngineEvents } from '../engine-events/event-bus.ts';
import { type AlertDeps, alertOwner } from '../handoff/owner-alerts.ts';
import { paymentAlertWhy, placeAiOrder } from './ai-order.ts';

/**
 * Orders listen to 'order.requested' (docs/decisions/057-engine-events.md): the customer's confirmed
 * order priced and charged with Pix (placed once per burst, decision 038), or, when VendAI cannot
 * charge it, the owner told that the customer wants to pay (decision 046).
 */
export function listenForOrders(events: EngineEvents, deps: AlertDeps): void {
  events.on('order.requested', async (e) => {
    const outcome = await placeAiOrder(deps, e);
    if (outcome.kind === 'ownerCharges')
      await alertOwner(deps, {
        accountId: e.userId,
        convId: e.convId,
        kind: 'needs_owner',
        why: paymentAlertWhy(outcome),
      });
  });
}
