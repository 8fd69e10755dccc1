// Prompt assembly, history and splitting are shared with the playground (domain/ai-reply); the
// conversation rules (burst due time, opt-out, whom the AI answers) live in domain/conversation-rules.
export { buildHistory, type ContextMessage } from '../../domain/ai-reply/history.ts';
export { hardSplit, splitReply, WHATSAPP_TEXT_MAX } from '../../domain/ai-reply/split-reply.ts';

/** Is a message too old to answer (history sync, reconnect)? Compares WhatsApp's time with arrival. */
export function isStale(sentAt: Date | null, receivedAt: Date, staleMs: number): boolean {
  if (!sentAt) return false;
  return receivedAt.getTime() - sentAt.getTime() > staleMs;
}
