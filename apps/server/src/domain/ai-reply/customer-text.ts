/**
 * The longest customer text given to the model, per message, in characters (docs/decisions/021-spend-and-abuse-limits.md,
 * docs/configuration.md). WhatsApp lets a message carry about 65,000 characters; a customer pasting
 * that (or a bot doing it on purpose) would make every answer of the conversation cost as much, for as
 * long as the message stays in the history window. 2,000 characters is several times a long, real
 * customer message. The inbox keeps the whole text; only what the AI reads is cut.
 */
export const CUSTOMER_TEXT_MAX = 2000;

/** Said to the model where a customer's text was cut, so it knows the message went on. */
export const CUSTOMER_TEXT_CUT = ' […mensagem cortada: longa demais]';

/** A customer's text (message or caption) as the model may read it. */
export function cutCustomerText(text: string | null): string | null {
  if (text === null || text.length <= CUSTOMER_TEXT_MAX) return text;
  return `${text.slice(0, CUSTOMER_TEXT_MAX).trimEnd()}${CUSTOMER_TEXT_CUT}`;
}
