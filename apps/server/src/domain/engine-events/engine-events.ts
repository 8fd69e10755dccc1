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
 * The engine's named events and their payloads, in one place (docs/decisions/057-engine-events.md).
 * The engine publishes them; features listen (registered at composition, app.ts), so the reply path
 * never calls a feature and a new feature adds a listener, not a branch.
 *
 * The order of this list is the order an answer's events are delivered in: an answer's alert is the
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
} as const;

export type EngineEventName = keyof typeof ENGINE_EVENTS;
export type EngineEventPayload<N extends EngineEventName> = z.infer<(typeof ENGINE_EVENTS)[N]>;

/** One event: its name and payload. */
export type EngineEvent = { [N in EngineEventName]: { name: N; payload: EngineEventPayload<N> } }[EngineEventName];

export const EVENT_ORDER = Object.keys(ENGINE_EVENTS) as EngineEventName[];

/** The wire form of one event (a job's payload), checked against its own schema when delivered. */
export const engineEventSchema = z.object({
  name: z.enum(EVENT_ORDER as [EngineEventName, ...EngineEventName[]]),
  payload: z.unknown(),
});
