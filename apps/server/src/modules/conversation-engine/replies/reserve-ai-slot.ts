import { type PaidAnswerSlot, releasePaidAnswer, reservePaidAnswer } from '../../../domain/usage/overage-ceiling.ts';
import type { EngineDeps } from '../engine-deps.ts';

// The free plan's slot is shared with the follow-ups' touches: it lives in domain/usage.
export { type AiSlot, releaseAiSlot, reserveAiSlot } from '../../../domain/usage/ai-slot.ts';

/**
 * Paid plans: one answer of the billing period below the overage ceiling (domain/usage/overage-ceiling.ts;
 * the owner is alerted once when it pauses). 'overage-ceiling' is the burst's reason then.
 */
export async function reservePaidSlot(
  deps: EngineDeps,
  ctx: { userId: string; convId: string },
): Promise<PaidAnswerSlot | 'overage-ceiling' | null> {
  const alertDeps = { ...deps, appUrl: deps.config.appUrl };
  const slot = await reservePaidAnswer(alertDeps, ctx);
  return slot === 'paused' ? 'overage-ceiling' : slot;
}

/** Gives a paid answer back (nothing was sent); never fatal. */
export async function releasePaidSlot(deps: EngineDeps, slot: PaidAnswerSlot | null): Promise<void> {
  if (slot)
    await releasePaidAnswer(deps.db, slot).catch((err) =>
      deps.log.warn({ err }, 'engine: a paid slot could not be given back'),
    );
}
