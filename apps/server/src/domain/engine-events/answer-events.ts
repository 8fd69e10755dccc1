import type { StructuredReply } from '../ai-reply/structured-reply.ts';
import type { EngineEvent } from './engine-events.ts';

/** What an AI answer does once it reached the customer, beside its text (kept on a draft until approved). */
export type AnswerEffects = Pick<StructuredReply, 'handoff' | 'needsOwner' | 'hotLead' | 'order'>;

/**
 * The events an answer's flags publish, in delivery order (docs/decisions/057-engine-events.md). None
 * for an ordinary answer. `burstId` is the answer's own burst: the order's key.
 */
export function answerEvents(
  ctx: { userId: string; convId: string; burstId: string },
  answer: AnswerEffects,
): EngineEvent[] {
  const at = { userId: ctx.userId, convId: ctx.convId };
  const events: EngineEvent[] = [];
  if (answer.handoff) events.push({ name: 'handoff.requested', payload: { ...at, reason: answer.handoff.reason } });
  if (answer.order)
    events.push({ name: 'order.requested', payload: { ...at, burstId: ctx.burstId, order: answer.order } });
  if (answer.needsOwner) events.push({ name: 'owner.needed', payload: { ...at, reason: answer.needsOwner.reason } });
  if (answer.hotLead) events.push({ name: 'lead.hot', payload: at });
  return events;
}
