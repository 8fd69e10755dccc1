import { type AiSlot, releaseAiSlot, reserveAiSlot } from '../../domain/usage/ai-slot.ts';
import { type PaidAnswerSlot, releasePaidAnswer, reservePaidAnswer } from '../../domain/usage/overage-ceiling.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { type FollowUpRow, selectTouchSpendLimits } from './follow-ups-repository.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';

/** The touch's spend, held before the AI writes it; given back when nothing was sent. */
export interface TouchSpend {
  giveBack(): Promise<void>;
}

/**
 * A touch is AI-written text: it counts toward the same limits as a reply, once per message
 * (docs/decisions/046-one-door-out.md, "Spend for touches"): the contact's AI answers today (the
 * agent's ceiling; the touch is skipped, the conversation is not handed over), the free plan's
 * monthly AI messages (a slot claimed as the engine claims it, domain/usage/ai-slot.ts) and a paid
 * plan's overage ceiling (domain/usage/overage-ceiling.ts). Returns the held spend, or the reason
 * that stops the touch.
 */
export async function holdTouchSpend(deps: FollowUpDeps, f: FollowUpRow): Promise<TouchSpend | { stop: string }> {
  const row = await selectTouchSpendLimits(deps.db, f.conv_id);
  if (!row) return { stop: FOLLOW_UP_REASONS.off };
  const maxPerContact = Number(row.max_per_contact ?? 0);
  if (maxPerContact > 0 && Number(row.contact_today) >= maxPerContact)
    return { stop: FOLLOW_UP_REASONS.contactCeiling };

  let slot: AiSlot | null = null;
  if (row.is_free) {
    slot = await reserveAiSlot(deps.db, f.user_id, Number(row.max_ai_messages), deps.now());
    if (!slot) return { stop: FOLLOW_UP_REASONS.freeLimit };
  }
  let paid: PaidAnswerSlot | 'paused' | null = null;
  if (!row.is_free) {
    paid = await reservePaidAnswer(deps.alerts, { userId: f.user_id, convId: f.conv_id }, deps.now());
    if (paid === 'paused') return { stop: FOLLOW_UP_REASONS.overageCeiling };
  }
  const held = { slot, paid };
  return {
    async giveBack() {
      try {
        if (held.slot) await releaseAiSlot(deps.db, held.slot);
        if (held.paid) await releasePaidAnswer(deps.db, held.paid);
      } catch (err) {
        deps.log.warn({ err, followUpId: f.id }, 'follow-ups: the touch’s spend could not be given back');
      }
    },
  };
}
