import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';
import { recordOutbound } from '../../domain/outbound/outbound-audit.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { cancelScheduledOf } from './follow-ups-repository.ts';
import { publish } from './send-follow-up.ts';

/**
 * Follow-ups listen to 'customer.opted_out' (docs/decisions/060-events-features-listen.md): every
 * touch and scheduled message still planned for the conversation is cancelled, each with its audit
 * record (rule `opt_out`), and the inbox hears of it. Idempotent: only rows still scheduled change.
 * Nothing goes out meanwhile: the send checks the opt-out itself (the door's `opt_out` rule), and a
 * row this listener missed (a process killed before the event was queued) is cancelled by the next
 * pass (plan-touches.ts cancelUnwelcome), with the same reason.
 */
export function listenForOptOuts(events: EngineEvents, deps: FollowUpDeps): void {
  events.on('customer.opted_out', async (e) => {
    const cancelled = await cancelScheduledOf(deps.db, e.userId, e.convId, FOLLOW_UP_REASONS.optedOut);
    if (cancelled.length === 0) return;
    for (const f of cancelled)
      await recordOutbound(deps, {
        origin: f.kind === 'touch' ? 'ai_touch' : 'scheduled',
        outcome: 'stopped',
        rule: 'opt_out',
        userId: e.userId,
        convId: e.convId,
        detail: FOLLOW_UP_REASONS.optedOut,
      });
    await publish(deps, e.userId, e.convId, null);
  });
}
