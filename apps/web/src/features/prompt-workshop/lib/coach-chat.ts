import { COACH, type CoachHistoryItem, type CoachSuggestion } from '@vendai/contracts';

/** A message of the coach chat (docs/product/data.md, client-only): role, text, suggested prompt, mode, partial, actions. */
export interface CoachMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  mode?: CoachSuggestion['mode'];
  updatedPrompt?: string | null;
  /** The prompt the suggestion was made from (for its diff) and its fingerprint (for accepting). */
  basePrompt?: string;
  basedOn?: string;
  partial?: boolean;
  /** The instruction that produced it ('Gerar completo' asks again with it). */
  instruction?: string;
  /** faq: the entry proposed for Conhecimento instead of a prompt change. */
  faq?: { question: string; answer: string } | null;
  /** catalogue: the change proposed for an item of Catálogo instead of a prompt change. */
  catalogue?: CoachSuggestion['catalogue'];
  /** Waiting for Aceitar / Rejeitar, or Aplicar / Descartar (the input is locked meanwhile). */
  actions?: boolean;
  outcome?: 'accepted' | 'rejected' | 'superseded' | 'applied';
  failed?: boolean;
}

/** The last 8 messages as the server's history (docs/product/limits.md), without failures. */
export function coachHistory(messages: readonly CoachMessage[]): CoachHistoryItem[] {
  return messages
    .filter((m) => !m.failed)
    .slice(-COACH.historyMessages)
    .map((m) => ({ role: m.role, text: m.text }));
}

/** The input is locked while a suggestion waits for Aceitar / Rejeitar. */
export const isLocked = (messages: readonly CoachMessage[]) => messages.some((m) => m.actions);
