import type { PlaygroundMessage } from '@vendai/contracts';

/** A playground message (part 2 §3, client-only): who wrote it, the text, when. */
export interface ChatMessage {
  id: number;
  tipo: 'user' | 'ai';
  texto: string;
  timestamp: string;
  /** The error bubble ('Desculpe, ocorreu um erro…'): shown, never sent back to the AI. */
  failed?: boolean;
}

/** The chat as the server reads it: every bubble of the agent is one of its WhatsApp messages. */
export function toRequestMessages(messages: readonly ChatMessage[]): PlaygroundMessage[] {
  return messages
    .filter((m) => !m.failed)
    .map((m) => ({ role: m.tipo === 'user' ? 'user' : 'assistant', text: m.texto }));
}
