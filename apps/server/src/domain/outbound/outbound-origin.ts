/**
 * Where a message VendAI sends comes from (docs/decisions/046-one-door-out.md). Every send to a
 * customer or to the owner's phone names its origin; the origin decides which rules apply to it
 * (outbound-rules.ts) and is written on the message's audit record.
 */
export const OUTBOUND_ORIGINS = [
  /** The AI's answer to a customer's burst, and its split parts and catalogue photos. */
  'ai_reply',
  /** A follow-up touch the AI wrote (docs/decisions/037-follow-ups.md). */
  'ai_touch',
  /** A message the owner scheduled (follow-ups' 'Agendar mensagem'). */
  'scheduled',
  /** An AI answer the owner approved ('Enviar' in the inbox, '1' on WhatsApp; decision 045). */
  'draft',
  /** An approved Meta template sent by the owner (Cloud numbers, decision 041). */
  'template',
  /** A Pix charge's messages and the payment confirmation (decision 038). */
  'pix',
  /** The AI's (or the keyword rule's) answer that hands the conversation to a person (decision 015). */
  'handoff_answer',
  /** What the owner or an attendant typed in the inbox. */
  'manual',
  /** An alert or a confirmation from the business number to the owner's own phone. */
  'owner_alert',
  /** A campaign's message to a contact with marketing consent (docs/decisions/072-campaigns.md). */
  'campaign',
  /** The agenda's reminder of an appointment, with its 'Confirmar' / 'Remarcar' / 'Cancelar' (decision 073). */
  'booking_reminder',
] as const;

export type OutboundOrigin = (typeof OUTBOUND_ORIGINS)[number];
