import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import type { CapiDeps } from './capi-deps.ts';
import { capiSendJobType } from './capi-job.ts';
import { queueCapiEvent } from './capi-repository.ts';

/**
 * The Conversions API listens to the engine's events (docs/decisions/060-events-features-listen.md,
 * docs/decisions/071-ad-attribution.md): a hot lead is 'LeadSubmitted' (once per conversation), a paid Pix a
 * 'Purchase' (once per order). Each is written once by its `event_id` and sent by its own job; a delivery that
 * comes twice finds the row written and queues nothing new. No ad click id, no event.
 */
export function listenForCapi(events: EngineEvents, deps: CapiDeps): void {
  const owe = async (e: Parameters<typeof queueCapiEvent>[1]) => {
    const id = await queueCapiEvent(deps.db, e);
    if (id) await deps.jobs.send(capiSendJobType, { eventRowId: id }, { singletonKey: id });
  };
  events.on('lead.hot', async ({ userId: accountId, convId }) =>
    owe({
      userId: accountId,
      convId,
      orderId: null,
      eventName: 'LeadSubmitted',
      eventId: `lead:${convId}`,
      eventTime: new Date(),
    }),
  );
  events.on('order.paid', async ({ userId: accountId, convId, orderId }) =>
    owe({
      userId: accountId,
      convId,
      orderId,
      eventName: 'Purchase',
      eventId: `purchase:${orderId}`,
      eventTime: new Date(),
    }),
  );
}
