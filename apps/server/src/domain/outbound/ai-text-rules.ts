import type { ChatRequest, Llm } from '../../integrations/llm/llm.ts';
import type { ReplyFacts } from '../facts/load-reply-facts.ts';
import { checkReply } from '../price-guard/check-reply.ts';
import { guardAnswer, type GuardOutcome, PRICE_GUARD_ALERT, retryRequest } from '../price-guard/guard-reply.ts';
import { parseStructuredReply, type StructuredReply } from '../ai-reply/structured-reply.ts';
import {
  bookingFallback,
  type BookingTurn,
  guardBooking,
  NO_BOOKING_TURN,
  unsupportedClaim,
} from '../agenda-guard/guard-booking.ts';
import { formatCents } from '@vendai/contracts';

/** What the AI text rules decided: the answer to send, and the rule that replaced the AI's words, if one did. */
export type AiTextOutcome = GuardOutcome & { changedBy: 'price_guard' | 'booking_guard' | null };

/**
 * The text rules for an AI answer (a reply, a handoff answer, the answer a draft holds;
 * docs/decisions/046-one-door-out.md): first the booking guard (decision 070: no appointment reported as
 * booked, moved or cancelled unless this turn did it), then the price guard with its second attempt and
 * its fallback (decision 025). When a fallback replaces an answer that handed the conversation over, the
 * handoff is kept: the customer who asked for a person gets one (the owner's handoff alert goes as for
 * any handoff). `turn` is what the agenda tools changed while the answer was written (none by default).
 */
export async function guardAiAnswer(
  llm: Llm,
  request: ChatRequest,
  first: StructuredReply,
  facts: Pick<ReplyFacts, 'guard'>,
  turn: BookingTurn = NO_BOOKING_TURN,
): Promise<AiTextOutcome> {
  const fallbackText = async () => (await facts.guard()).fallbackText;
  const booking = await guardBooking(
    first,
    turn,
    async (reason) =>
      parseStructuredReply(
        (await llm.complete({ ...retryRequest(request, first.reply, reason), maxRetries: 0 })) ?? '',
      ),
    fallbackText,
  );
  if (booking.blocked) return { answer: booking.answer, retried: true, blocked: null, changedBy: 'booking_guard' };
  const outcome = await guardAnswer(llm, request, booking.answer, facts);
  // The price guard's second attempt is checked for a booking claim too (its fallback is the owner's text).
  const again = outcome.retried && !outcome.blocked ? unsupportedClaim(outcome.answer.reply, turn) : null;
  if (again)
    return {
      answer: bookingFallback(outcome.answer, again, await fallbackText()),
      retried: true,
      blocked: null,
      changedBy: 'booking_guard',
    };
  const changedBy = outcome.blocked ? 'price_guard' : null;
  if (!outcome.blocked || !first.handoff || outcome.answer.handoff)
    return { ...outcome, retried: outcome.retried || booking.retried, changedBy };
  return { ...outcome, answer: { ...outcome.answer, handoff: first.handoff }, changedBy };
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
