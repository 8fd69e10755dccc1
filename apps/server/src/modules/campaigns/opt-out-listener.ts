import type { Db } from '../../db/client.ts';
import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { endConsentOnOptOut } from './consent-repository.ts';

/**
 * Campaigns listen to 'customer.opted_out' (docs/decisions/072-campaigns.md): the contact's marketing
 * consent ends and every campaign message still waiting for them is skipped. Idempotent. Nothing goes out
 * meanwhile either way: each campaign send reads the opt-out and the consent at its claim.
 */
export function listenForCampaignOptOuts(events: EngineEvents, deps: { db: Db }): void {
  events.on('customer.opted_out', async (e) => {
    await endConsentOnOptOut(deps.db, e.userId, e.convId);
  });
}
