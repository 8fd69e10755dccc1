/**
 * Who may change a stored message (docs/decisions/021-spend-and-abuse-limits.md): an edit or a deletion
 * for everyone applies only when its sender wrote the message — a customer's event only the
 * customer's own messages, a fromMe event (the business's phone) only the business's messages (the
 * AI's, the owner's). A modified WhatsApp client can send an edit or a revoke that names any message
 * id; without this rule it would rewrite the AI's or the owner's words in the inbox and in the AI's
 * history. Reactions are not changes of the message: anyone in the chat may react to any message,
 * and the reaction is kept as the reactor's (contact or owner side).
 */

export type MessageChangeKind = 'reaction' | 'revoke' | 'edit';

/**
 * The `from_me` a target message must have for the change to apply, or null when any message may be
 * targeted (reactions).
 */
export function requiredTargetFromMe(kind: MessageChangeKind, eventFromMe: boolean): boolean | null {
  return kind === 'reaction' ? null : eventFromMe;
}
