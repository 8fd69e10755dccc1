import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { freeTextAllowed } from '../../domain/conversation-rules/service-window.ts';
import { type OutboundFacts, type OutboundRule, outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { conversationFacts } from '../../domain/outbound/conversation-stop.ts';
import { wentOut } from '../../domain/usage/ai-answers.ts';
import type { FollowUpContext, FollowUpRow } from './follow-ups-repository.ts';

/** The follow-ups' reason for each rule of the door out that stops an automatic send. */
const REASON_OF: Partial<Record<OutboundRule, string>> = {
  group: FOLLOW_UP_REASONS.group,
  opt_out: FOLLOW_UP_REASONS.optedOut,
  never_answer: FOLLOW_UP_REASONS.neverAnswer,
  paid: FOLLOW_UP_REASONS.paid,
  approval: FOLLOW_UP_REASONS.approval,
};

/** What the door out needs to know about this conversation for an automatic send. */
export function automaticFacts(c: FollowUpContext): OutboundFacts {
  return { ...conversationFacts(c), approval: c.approval };
}

/**
 * Why this follow-up must not go now (null: it may). First the door out's rules for its origin
 * (docs/decisions/046-one-door-out.md: a scheduled message stops only for an opt-out; a touch for a
 * group, an opt-out, 'Nunca responder', Manual or handed over, a paid or closed deal, approval mode),
 * then what makes a touch welcome: the ladder on, a chat the customer started, VendAI's reply the
 * last message (the touch's anchor), no answer in preparation; a scheduled message not after the
 * customer wrote when the owner asked so.
 */
export function exclusionReason(f: FollowUpRow, c: FollowUpContext): string | null {
  const stop = outboundStop(f.kind === 'touch' ? 'ai_touch' : 'scheduled', automaticFacts(c));
  if (stop === 'manual') return c.handoff_reason ? FOLLOW_UP_REASONS.handedOver : FOLLOW_UP_REASONS.manual;
  if (stop) return REASON_OF[stop] ?? stop;
  if (f.kind === 'scheduled') return f.cancel_on_reply && c.in_since_created ? FOLLOW_UP_REASONS.customerReplied : null;
  if (!c.enabled || !c.system_prompt) return FOLLOW_UP_REASONS.off;
  if (c.first_direction !== 'in') return FOLLOW_UP_REASONS.notFirst;
  if (c.last_id !== f.anchor_message_id)
    return c.last_in_at && c.last_author === 'contact'
      ? FOLLOW_UP_REASONS.customerReplied
      : FOLLOW_UP_REASONS.notAnsweredLast;
  if (c.last_author !== 'ai' || !wentOut(c.last_status) || c.last_failed_burst)
    return FOLLOW_UP_REASONS.notAnsweredLast;
  if (c.open_burst) return FOLLOW_UP_REASONS.answering;
  return null;
}

/**
 * An official-API number may only send free text within 24 h of the customer's last message, and not
 * after Meta refused it with #131047 until they write again (decisions 041 and 054).
 */
export function outsideCloudWindow(c: FollowUpContext, now: Date): boolean {
  return !freeTextAllowed(
    { provider: c.provider, customerLastAt: c.last_in_at, windowClosedThrough: c.window_closed_through },
    now,
  );
}
