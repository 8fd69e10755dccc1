import { z } from 'zod';
import { CapiError, type CapiEvent, sendCapiEvents } from '../../integrations/meta-capi/capi-client.ts';
import { defineJob, defineJobType } from '../../jobs/job.ts';
import { openSecret } from '../../lib/secret-box.ts';
import type { CapiDeps } from './capi-deps.ts';
import { capiEventPending, claimCapiEvent, type ClaimedCapiEvent, finishCapiEvent } from './capi-repository.ts';

/** How long a process holds an event while it sends it (a killed process's lease lapses, the retry takes it). */
const LEASE_SECONDS = 60;

/**
 * One Conversions API event, sent once (docs/decisions/071-ad-attribution.md): keyed by the event's row, retried
 * with back-off (5 s doubling, up to 10 tries) while Meta answers a transient error or another process holds it.
 */
export const capiSendJobType = defineJobType({
  id: 'capi.send',
  payload: z.object({ eventRowId: z.string() }),
  // A send takes at most 15 s (the client's timeout): a job still active after 2 minutes was in a process that
  // died (kill -9), and pg-boss hands it to another worker then, instead of after its default 15 minutes.
  queue: {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 120,
    policy: 'exclusive',
  },
});

/** The event as Meta's business messaging events take it. */
export function capiEventOf(e: ClaimedCapiEvent): CapiEvent {
  return {
    event_name: e.event_name,
    event_time: Math.floor(new Date(e.event_time).getTime() / 1000),
    event_id: e.event_id,
    action_source: 'business_messaging',
    messaging_channel: 'whatsapp',
    user_data: {
      whatsapp_business_account_id: e.waba_id,
      ctwa_clid: e.ctwa_clid,
      ...(e.page_id ? { page_id: e.page_id } : {}),
    },
    ...(e.event_name === 'Purchase' ? { custom_data: { value: (e.value_cents ?? 0) / 100, currency: 'BRL' } } : {}),
  };
}

export function capiSendJob(deps: CapiDeps) {
  return defineJob(capiSendJobType, async ({ eventRowId }) => {
    const claimed = await claimCapiEvent(deps.db, eventRowId, LEASE_SECONDS);
    if (!claimed) {
      // Another process holds it (the retry comes back after its lease), or it is done.
      if (await capiEventPending(deps.db, eventRowId)) throw new Error('capi: event held by another process');
      return;
    }
    try {
      await sendCapiEvents({
        baseUrl: deps.baseUrl,
        version: deps.version,
        datasetId: claimed.dataset_id,
        accessToken: openSecret(deps.sealKey, claimed.token_sealed),
        events: [capiEventOf(claimed)],
      });
      await finishCapiEvent(deps.db, eventRowId, { state: 'sent' });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof CapiError && !err.retry) {
        await finishCapiEvent(deps.db, eventRowId, { state: 'failed', error: message });
        deps.log.warn({ err, eventRowId }, 'capi: Meta refused the event');
        return;
      }
      await finishCapiEvent(deps.db, eventRowId, { state: 'pending', error: message });
      throw err;
    }
  });
}
