import type { EngineEvents } from '../engine-events/event-bus.ts';
import { type AlertDeps, alertOwner } from './owner-alerts.ts';

export const HOT_LEAD_WHY = 'A IA identificou que o cliente está pronto para comprar.';

/**
 * The owner's alerts listen to what an answer flagged (docs/decisions/057-engine-events.md): a handoff,
 * something only the owner can settle, a hot lead. One alert per conversation per hour
 * (owner-alerts.ts), so an answer's first flag in the events' order is the one told.
 */
export function listenForAnswerAlerts(events: EngineEvents, deps: AlertDeps): void {
  events.on('handoff.requested', (e) => alert(deps, e, 'handoff', e.reason));
  events.on('owner.needed', (e) => alert(deps, e, 'needs_owner', e.reason));
  events.on('lead.hot', (e) => alert(deps, e, 'hot_lead', HOT_LEAD_WHY));
}

async function alert(
  deps: AlertDeps,
  at: { userId: string; convId: string },
  kind: 'handoff' | 'needs_owner' | 'hot_lead',
  why: string,
): Promise<void> {
  await alertOwner(deps, { accountId: at.userId, convId: at.convId, kind, why });
}
