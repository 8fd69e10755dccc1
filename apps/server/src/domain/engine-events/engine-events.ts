import { z } from 'zod';

/** An AI order as the model named it (domain/ai-reply/structured-reply.ts ReplyOrder). */
const replyOrder = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      option: z.string().nullable(),
      quantity: z.number(),
      amountCents: z.number().nullable().optional(),
    }),
  ),
});

const inConversation = { userId: z.string(), convId: z.string() };

/**
 * A booking's events (docs/decisions/069-agenda.md): the owner's bookings made by hand have no
 * conversation, so `convId` is null there. `by`: 'ai', the member's id, or 'customer' (a reply to a reminder).
 */
const ofBooking = {
  userId: z.string(),
  convId: z.string().nullable(),
  bookingId: z.string(),
  source: z.enum(['ai', 'owner', 'customer_link']),
  by: z.string(),
};
const bookingStatus = z.enum(['held', 'booked', 'confirmed', 'cancelled', 'no_show', 'attended']);

/**
 * The engine's named events and their payloads, in one place (docs/decisions/057-engine-events.md, the
 * table of publishers and listeners in docs/decisions/060-events-features-listen.md). The engine and the
 * features publish them; features listen (registered at composition, app.ts), so the reply path never
 * calls a feature and a new feature adds a listener, not a branch.
 *
 * An answer's events are delivered in the order of this list (answer-events.ts): an answer's alert is the
 * first its flags earn (handoff, a payment the owner must arrange, needed the owner, hot lead), and
 * the owner's one alert per conversation per hour (domain/handoff/owner-alerts.ts) keeps the later ones out.
 */
export const ENGINE_EVENTS = {
  /** The customer asked for a person (the AI's handoff or the keyword rule); the conversation is Manual already. */
  'handoff.requested': z.object({ ...inConversation, reason: z.string() }),
  /** The customer confirmed an order; `burstId` (the answer's burst) makes it placed once. */
  'order.requested': z.object({ ...inConversation, burstId: z.string(), order: replyOrder }),
  /** Something only the owner can settle (the price guard's fallback among it). */
  'owner.needed': z.object({ ...inConversation, reason: z.string() }),
  /** The AI read that the customer is ready to buy. */
  'lead.hot': z.object(inConversation),
  /** A Pix charge's messages all reached the customer (once per order; again only after a crash). */
  'order.charged': z.object({ ...inConversation, orderId: z.string() }),
  /** A Pix charge was confirmed paid (the order moved to paid once); `late`: after it had expired or been cancelled. */
  'order.paid': z.object({ ...inConversation, orderId: z.string(), late: z.boolean() }),
  /** The customer asked to stop (their words or the AI's reading, decision 048); `optOutId` is the audit row, once per opt-out. */
  'customer.opted_out': z.object({
    ...inConversation,
    optOutId: z.string(),
    source: z.enum(['customer_words', 'ai_reading']),
  }),
  /** A funnel card moved, by the AI's signals (forward only) or a person (anywhere, Novo included). */
  'stage.changed': z.object({ ...inConversation, stageId: z.string(), movedBy: z.enum(['ai', 'person']) }),
  /** The owner approved a draft (inbox, their '1' on WhatsApp); published with the draft's own effects. */
  'draft.approved': z.object({ ...inConversation, draftId: z.string(), by: z.enum(['inbox', 'whatsapp', 'timeout']) }),
  /** An AI answer waits as a draft for the owner's approval (approval mode, decision 045); published once it is stored. */
  'draft.held': z.object({ ...inConversation, draftId: z.string() }),
  /**
   * A number stopped sending: the gateway reported its connection closed (CONECTADO → DESCONECTADO, once per
   * change), or Meta reported a new problem with a Cloud number (`problem`, in Portuguese, as the numbers list shows it).
   */
  'number.disconnected': z.object({ userId: z.string(), numberId: z.string(), problem: z.string().optional() }),
  /** A booking was made (held for a deposit or booked); `startsAt` an ISO instant. */
  'booking.created': z.object({
    ...ofBooking,
    status: bookingStatus,
    startsAt: z.string(),
    professionalId: z.string(),
  }),
  /** A booking moved to another time or professional; `version` is the new one (once per move). */
  'booking.moved': z.object({
    ...ofBooking,
    startsAt: z.string(),
    previousStartsAt: z.string(),
    professionalId: z.string(),
    /** The professional it was with before the move (its calendar loses the event). */
    previousProfessionalId: z.string().optional(),
    version: z.number().int(),
  }),
  /** A booking was cancelled (by the owner, the customer, the AI or a deposit's expired hold). */
  'booking.cancelled': z.object({ ...ofBooking, startsAt: z.string(), reason: z.string() }),
  /** A booking's status changed otherwise: confirmed, attended, no-show, booked again (a deposit paid). */
  'booking.status_changed': z.object({ ...ofBooking, status: bookingStatus, previous: bookingStatus }),
  /**
   * A customer's fresh message was stored (a hint, delivered in process: see HINT_EVENTS), with its text (null
   * for media without a caption): a listener that cares about some words decides without a query.
   */
  'customer.wrote': z.object({ ...inConversation, messageId: z.string(), text: z.string().nullable() }),
  /** An answer's parts went out (the reply, a handoff answer, an approved draft; a hint, see HINT_EVENTS). */
  'reply.sent': z.object({ ...inConversation, burstId: z.string() }),
} as const;

export type EngineEventName = keyof typeof ENGINE_EVENTS;
export type EngineEventPayload<N extends EngineEventName> = z.infer<(typeof ENGINE_EVENTS)[N]>;

/** One event: its name and payload. */
export type EngineEvent = { [N in EngineEventName]: { name: N; payload: EngineEventPayload<N> } }[EngineEventName];

/**
 * The events of every message (the reply path's own): delivered in process to their listeners, never
 * queued as a job, so the hot path gains no insert per message. Their durable record is the row the path
 * writes anyway (the customer's message, the burst `done`): a listener that must not miss one after a
 * crash reconciles from those rows on a pass of its own, as the follow-up ladder plans from the messages
 * (docs/decisions/060-events-features-listen.md).
 */
export const HINT_EVENTS: ReadonlySet<EngineEventName> = new Set(['customer.wrote', 'reply.sent']);

/**
 * The wire form of one event (a job's payload), checked against its own schema when delivered; a name
 * this version does not know (a job queued by another version) is logged and skipped there (event-bus.ts).
 */
export const engineEventSchema = z.object({ name: z.string(), payload: z.unknown() });
