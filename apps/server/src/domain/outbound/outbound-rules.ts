import type { OutboundOrigin } from './outbound-origin.ts';

/**
 * The rules a message passes on its way out, in their fixed order (docs/decisions/046-one-door-out.md):
 * the first one that stops a message stops it. `spend` and `price_guard` hold slots before the AI
 * writes and check what it wrote (the engine's reservation, ai-text-rules.ts); the others are decided
 * by `outboundStop` from facts each path already reads with its own statement (no extra round trip).
 */
export const OUTBOUND_RULES = [
  // Who may receive it at all (nothing is written for them).
  'group',
  'opt_out',
  'never_answer',
  'manual',
  // When an automatic send may go.
  'paid',
  'business_hours',
  'daily_cap',
  // The channel.
  'window',
  // Held for the owner: an AI answer becomes a draft, a touch waits (never sent unapproved).
  'approval',
  // What the AI writes: reserved before it writes, checked after.
  'spend',
  'price_guard',
  // No appointment reported as booked, moved or cancelled unless this turn did it (decision 070).
  'booking_guard',
] as const;

export type OutboundRule = (typeof OUTBOUND_RULES)[number];

/** Why a rule does not apply to an origin (the decision record's table says the same). */
type Skipped = string;

const AI = 'applies';
const OWNER = 'the owner wrote or chose it: a deliberate act';

/**
 * The table: for each origin, each rule 'applies' or why it is skipped. The decision record copies it;
 * outbound-rules.test.ts checks every pair against `outboundStop`.
 */
export const RULES_BY_ORIGIN: Record<OutboundOrigin, Record<OutboundRule, typeof AI | Skipped>> = {
  ai_reply: {
    price_guard: AI,
    booking_guard: AI,
    approval: AI,
    spend: AI,
    opt_out: AI,
    never_answer: AI,
    manual: AI,
    group: AI,
    paid: 'the customer wrote and is waiting for the answer',
    business_hours: 'the customer wrote and is waiting for the answer',
    daily_cap: 'answers are limited by the contact daily ceiling (spend)',
    window: AI,
  },
  handoff_answer: {
    price_guard: AI,
    booking_guard: AI,
    approval: 'a handoff goes to a person at once (decision 045)',
    spend: AI,
    opt_out: AI,
    never_answer: AI,
    manual: 'it is the handover itself: the conversation goes Manual before it is sent',
    group: AI,
    paid: 'the customer wrote and is waiting for the answer',
    business_hours: 'the customer wrote and is waiting for the answer',
    daily_cap: 'answers are limited by the contact daily ceiling (spend)',
    window: AI,
  },
  draft: {
    price_guard: AI,
    booking_guard: AI,
    approval: 'sending it is the approval',
    spend: AI,
    opt_out: AI,
    never_answer: 'the owner approved this very answer',
    manual: AI,
    group: AI,
    paid: 'the owner approved this very answer',
    business_hours: 'the owner approved this very answer',
    daily_cap: 'answers are limited by the contact daily ceiling (spend)',
    window: AI,
  },
  ai_touch: {
    price_guard: AI,
    booking_guard: 'a touch books nothing and may restate a standing booking: not checked yet',
    approval: AI,
    spend: AI,
    opt_out: AI,
    never_answer: AI,
    manual: AI,
    group: AI,
    paid: AI,
    business_hours: AI,
    daily_cap: AI,
    window: AI,
  },
  scheduled: {
    price_guard: OWNER,
    booking_guard: OWNER,
    approval: OWNER,
    spend: 'not written by the AI',
    opt_out: AI,
    never_answer: OWNER,
    manual: OWNER,
    group: OWNER,
    paid: OWNER,
    business_hours: 'the owner chose the time',
    daily_cap: OWNER,
    window: AI,
  },
  template: {
    price_guard: 'Meta approved its text',
    booking_guard: 'Meta approved its text',
    approval: OWNER,
    spend: 'not written by the AI',
    opt_out: OWNER,
    never_answer: OWNER,
    manual: OWNER,
    group: 'templates go to one customer of a Cloud number',
    paid: OWNER,
    business_hours: OWNER,
    daily_cap: OWNER,
    window: 'a template is the only message allowed outside the window',
  },
  pix: {
    price_guard: 'its amount is the order’s, priced from the catalogue (decision 038)',
    booking_guard: 'VendAI’s own text about the order',
    approval: 'it follows an order the customer confirmed or the owner charged',
    spend: 'not written by the AI',
    opt_out: 'it answers the customer’s own request to pay',
    never_answer: 'it answers the customer’s own request to pay',
    manual: 'it answers the customer’s own request to pay',
    group: 'orders belong to one customer’s chat',
    paid: 'it is the payment’s own message',
    business_hours: 'the customer is paying now',
    daily_cap: 'one charge and one confirmation per order',
    window: AI,
  },
  manual: {
    price_guard: OWNER,
    booking_guard: OWNER,
    approval: OWNER,
    spend: 'not written by the AI',
    opt_out: OWNER,
    never_answer: OWNER,
    manual: OWNER,
    group: OWNER,
    paid: OWNER,
    business_hours: OWNER,
    daily_cap: OWNER,
    window: AI,
  },
  owner_alert: {
    price_guard: 'VendAI’s own text to the owner',
    booking_guard: 'VendAI’s own text to the owner',
    approval: 'to the owner, not to a customer',
    spend: 'not an AI answer',
    opt_out: 'to the owner, not to a customer',
    never_answer: 'to the owner, not to a customer',
    manual: 'to the owner, not to a customer',
    group: 'to the owner’s own phone',
    paid: 'to the owner, not to a customer',
    business_hours: 'the owner chose to be alerted',
    daily_cap: 'the alerts’ own limits (decision 015)',
    window: 'the owner’s phone writes to the business number',
  },
  campaign: {
    price_guard: 'the owner wrote the text; a variation keeps its figures (domain/campaigns/vary-text.ts)',
    approval: 'the owner approved the campaign’s text before sending it',
    spend: 'not an answer: the owner’s text, reworded on the QR track',
    opt_out: AI,
    never_answer: AI,
    manual: 'the owner chose the audience: a conversation a person answers still receives it',
    group: AI,
    paid: 'a campaign goes to past buyers on purpose',
    business_hours: AI,
    daily_cap: AI,
    window: 'on Cloud numbers a marketing template is allowed outside the window',
    booking_guard: 'the owner wrote the text: it reports no booking',
  },
  booking_reminder: {
    price_guard: 'VendAI’s own text, written from the booking (docs/decisions/073-booking-reminders.md)',
    booking_guard: 'VendAI’s own text, written from the booking as it is',
    approval: 'the owner turned the reminders on; the text is the booking’s own',
    spend: 'not written by the AI',
    opt_out: AI,
    never_answer: AI,
    manual: 'the appointment’s own message: a person answering the chat does not cancel it',
    group: AI,
    paid: 'the appointment’s own message',
    business_hours: 'its time is the appointment’s: a 2 h reminder of a 9:00 appointment goes at 7:00',
    daily_cap: 'one per offset and start of a booking',
    window: 'on Cloud numbers the owner’s UTILITY template goes outside the window; without one it is not sent',
  },
};

/** What a path knows about the conversation when it decides (each read in the statement it already runs). */
export interface OutboundFacts {
  /** The conversation (or its agent) is in approval mode. */
  approval?: boolean;
  optedOut?: boolean;
  neverAnswer?: boolean;
  /** The AI is off (Manual) or the conversation was handed to a person. */
  manual?: boolean;
  group?: boolean;
  /** An order of this conversation was paid or closed since VendAI's last reply. */
  paidOrClosed?: boolean;
  /** Outside the business hours (the owner's, or the default week when none were set). */
  outsideHours?: boolean;
  /** A daily cap or the breaker stops it. */
  overDailyCap?: boolean;
  /** A Cloud number outside the customer's 24-hour window. */
  windowClosed?: boolean;
}

const FACT_OF: Partial<Record<OutboundRule, keyof OutboundFacts>> = {
  approval: 'approval',
  opt_out: 'optedOut',
  never_answer: 'neverAnswer',
  manual: 'manual',
  group: 'group',
  paid: 'paidOrClosed',
  business_hours: 'outsideHours',
  daily_cap: 'overDailyCap',
  window: 'windowClosed',
};

/** Whether a rule applies to an origin. */
export const applies = (origin: OutboundOrigin, rule: OutboundRule) => RULES_BY_ORIGIN[origin][rule] === AI;

/**
 * The first rule, in the fixed order, that stops (or, for `approval`, holds) this message; null when
 * it may go. Every path asks this with its origin: the reply, the touch, the scheduled message, the
 * approved draft, the manual send, the Pix message.
 */
export function outboundStop(origin: OutboundOrigin, facts: OutboundFacts): OutboundRule | null {
  for (const rule of OUTBOUND_RULES) {
    const fact = FACT_OF[rule];
    if (fact && facts[fact] && applies(origin, rule)) return rule;
  }
  return null;
}
