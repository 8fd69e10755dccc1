import { stopAtContactCeiling } from '../../../domain/ai-reply/contact-daily-ceiling.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { finishBurst } from './burst-claim.ts';
import type { ReplyContext } from './claim-due-replies.ts';
import { type AiSlot, releaseAiSlot, releasePaidSlot, reserveAiSlot, reservePaidSlot } from './reserve-ai-slot.ts';

/** A burst the AI answers: its agent and number are known (run-reply.ts refusalOf passed). */
export type AnsweredContext = ReplyContext & { agent: NonNullable<ReplyContext['agent']>; instanceName: string };

/** The plan's slots held for one answer, and how to give them back when nothing is sent. */
export interface HeldSlots {
  /** The free plan's slot (already counted). */
  slot: AiSlot | null;
  giveBack(): Promise<void>;
}

/**
 * The limits checked before the AI is asked: the contact's answers today, the free plan's monthly
 * messages, a paid plan's overage ceiling. Null when one stops this burst (it is cancelled).
 */
export async function holdSlots(deps: EngineDeps, ctx: AnsweredContext): Promise<HeldSlots | null> {
  // The contact's answers today (decision 021): past the agent's ceiling, Manual and one owner alert.
  if (await stopAtContactCeiling(alertDeps(deps), ctx)) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'contact-ceiling');
    await new PendingRealtimeEvents().conversation(ctx.convId, 'updated').publish(deps);
    return null;
  }

  // The free plan's limit is exact under concurrency: a slot is claimed in the database before the
  // AI is even asked, and given back when nothing is sent (reserve-ai-slot.ts).
  const slot = ctx.isFree ? await reserveAiSlot(deps.db, ctx.userId, ctx.maxAiMessages) : null;
  if (ctx.isFree && !slot) {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'free-limit');
    return null;
  }
  // Paid plans: the owner's overage ceiling, claimed the same way (the AI pauses at it).
  const paid = ctx.billsOverage ? await reservePaidSlot(deps, ctx) : null;
  if (paid === 'overage-ceiling') {
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', paid);
    return null;
  }
  const giveBack = async () => {
    await releasePaidSlot(deps, paid);
    if (slot)
      await releaseAiSlot(deps.db, slot).catch((err) =>
        deps.log.warn({ err }, 'engine: an AI slot could not be given back'),
      );
  };
  return { slot, giveBack };
}
