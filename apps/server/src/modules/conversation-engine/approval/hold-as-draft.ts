import type { BurstPart } from '../engine-repository.ts';
import type { StructuredReply } from '../../../domain/ai-reply/structured-reply.ts';
import { answerEvents } from '../../../domain/engine-events/answer-events.ts';
import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';
import { recordOutbound } from '../../../domain/outbound/outbound-audit.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { AiAnswer } from '../replies/ask-ai.ts';
import { finishBurst } from '../replies/burst-claim.ts';
import type { AnsweredContext, HeldSlots } from '../replies/hold-slots.ts';
import { storeDraft } from './store-draft.ts';

/**
 * Approval mode (decision 045): the answer waits as a draft, nothing is sent. It counts toward every
 * limit now, as written: the slots held stay taken (decision 046, "Drafts and the limits"). A handoff
 * answer is never drafted (the door's table): run-reply.ts sends it.
 */
export async function holdAsDraft(
  deps: EngineDeps,
  ctx: AnsweredContext & { approval: NonNullable<AnsweredContext['approval']> },
  held: HeldSlots,
  { answer, parts, origin }: { answer: StructuredReply; parts: BurstPart[]; origin: 'ai_reply' | 'handoff_answer' },
): Promise<void> {
  // What it would do once sent (hot lead, order, the agenda's change) waits with it: an approved draft is a whole reply.
  const effects = {
    handoff: null,
    needsOwner: null,
    hotLead: answer.hotLead,
    order: answer.order ?? null,
    booking: (answer as AiAnswer).booking ?? null,
  };
  if (!(await storeDraft(deps, ctx, parts, effects, { countPlan: !held.slot }))) {
    await held.giveBack();
    await finishBurst(deps, ctx.id, ctx.token, 'cancelled', 'ai-off');
    return;
  }
  // The answer held by approval mode leaves its audit record (decision 046); sent later, it is a 'draft'.
  await recordOutbound(deps, {
    origin,
    outcome: 'held',
    rule: 'approval',
    userId: ctx.userId,
    convId: ctx.convId,
    detail: (answer as AiAnswer).changedBy ?? null,
  });
  // What only the owner can settle (the price guard's fallback among it) is told now, not at approval.
  await publishEngineEvents(deps, {
    key: `drafted:${ctx.id}:${ctx.token}`,
    afterBurst: null,
    events: answerEvents({ ...ctx, burstId: ctx.id }, { handoff: null, needsOwner: answer.needsOwner, hotLead: false }),
  });
}
