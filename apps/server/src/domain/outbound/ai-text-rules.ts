import type { ChatRequest, Llm } from '../../integrations/llm/llm.ts';
import type { StructuredReply } from '../ai-reply/structured-reply.ts';
import type { ReplyFacts } from '../facts/load-reply-facts.ts';
import { checkReply } from '../price-guard/check-reply.ts';
import { guardAnswer, type GuardOutcome, PRICE_GUARD_ALERT } from '../price-guard/guard-reply.ts';
import { formatCents } from '@vendai/contracts';

/**
 * Rule 1 for an AI answer (a reply, a handoff answer, the answer a draft holds; docs/decisions/046-one-door-out.md):
 * the price guard with its second attempt and its fallback (decision 025). When the fallback replaces
 * an answer that handed the conversation over, the handoff is kept: the customer who asked for a
 * person gets one (the owner's handoff alert goes as for any handoff).
 */
export async function guardAiAnswer(
  llm: Llm,
  request: ChatRequest,
  first: StructuredReply,
  facts: Pick<ReplyFacts, 'guard'>,
): Promise<GuardOutcome> {
  const outcome = await guardAnswer(llm, request, first, facts);
  if (!outcome.blocked || !first.handoff || outcome.answer.handoff) return outcome;
  return { ...outcome, answer: { ...outcome.answer, handoff: first.handoff } };
}

/**
 * Rule 1 for a follow-up touch: a touch is sent only when every amount in it is one of the
 * business's (the same check as a reply's). There is no fallback text for a message nobody asked
 * for: a touch with an invented amount is not sent, and the owner is told why (the alert's text).
 */
export async function guardTouch(
  text: string,
  facts: Pick<ReplyFacts, 'guard'>,
): Promise<{ ok: true } | { ok: false; alert: string }> {
  const { allowed } = await facts.guard();
  const verdict = checkReply(text, allowed);
  if (verdict.ok) return { ok: true };
  const what = verdict.unknownCents.length
    ? ` (${verdict.unknownCents.map(formatCents).join(', ')})`
    : verdict.discount
      ? ' (um desconto não autorizado)'
      : '';
  return { ok: false, alert: `${PRICE_GUARD_ALERT} num acompanhamento${what}. Ele não foi enviado ao cliente.` };
}
