import type { StructuredReply } from '../../../domain/ai-reply/structured-reply.ts';
import { advanceStage } from '../../../domain/funnel/advance-stage.ts';
import { alertOwner } from '../../../domain/handoff/owner-alerts.ts';
import { paymentAlertWhy, placeAiOrder } from '../../../domain/orders/ai-order.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';

/** What an AI answer does once it reached the customer, beside its text (kept on a draft until approved). */
export type AnswerEffects = Pick<StructuredReply, 'handoff' | 'needsOwner' | 'hotLead' | 'order'>;

/**
 * What follows an AI answer that reached the customer, the same for a reply and an approved draft
 * (docs/decisions/046-one-door-out.md: a draft is a whole reply): the owner's alert for what it
 * flagged (handoff, needed the owner, hot lead), the funnel's move to Qualificado for a hot lead
 * (decision 043), and the customer's confirmed order priced and charged with Pix (decision 038; its
 * key is the burst that wrote the answer, so it is placed once) — or, when VendAI cannot charge it,
 * the owner told that the customer wants to pay. The follow-up ladder needs nothing:
 * it plans from the AI's last sent message. Never fatal.
 */
export async function afterReplySent(
  deps: EngineDeps,
  ctx: { userId: string; convId: string; burstId: string },
  answer: AnswerEffects,
): Promise<void> {
  const order = answer.order
    ? await placeAiOrder(alertDeps(deps), {
        userId: ctx.userId,
        convId: ctx.convId,
        burstId: ctx.burstId,
        order: answer.order,
      }).catch((err) => {
        deps.log.warn({ err, convId: ctx.convId }, 'engine: the order was not placed');
        return null;
      })
    : null;
  // A customer who wants to pay what VendAI cannot charge: the owner is told that, not only 'hot lead'.
  const pay = order?.kind === 'ownerCharges' ? paymentAlertWhy(order) : null;
  await alertForAnswer(deps, ctx, answer, pay);
  if (answer.hotLead) await advanceStage(deps, { userId: ctx.userId, convId: ctx.convId, to: 'qualificado' });
}

/**
 * The owner's alert for what the answer flagged, one per answer in this order: handoff, a payment the
 * owner must arrange (`payment`), needed the owner, hot lead. Never fatal.
 */
export async function alertForAnswer(
  deps: EngineDeps,
  ctx: { userId: string; convId: string },
  answer: AnswerEffects,
  payment: string | null = null,
): Promise<void> {
  const alert = answer.handoff
    ? { kind: 'handoff' as const, why: answer.handoff.reason }
    : payment
      ? { kind: 'needs_owner' as const, why: payment }
      : answer.needsOwner
        ? { kind: 'needs_owner' as const, why: answer.needsOwner.reason }
        : answer.hotLead
          ? { kind: 'hot_lead' as const, why: 'A IA identificou que o cliente está pronto para comprar.' }
          : null;
  if (!alert) return;
  await alertOwner(alertDeps(deps), { userId: ctx.userId, convId: ctx.convId, ...alert }).catch((err) =>
    deps.log.warn({ err, convId: ctx.convId }, 'engine: the owner alert failed'),
  );
}
