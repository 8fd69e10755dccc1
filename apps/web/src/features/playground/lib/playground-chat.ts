import type { PlaygroundMessage } from '@vendai/contracts';

/** A playground message (docs/product/data.md, client-only): who wrote it, the text, when. */
export interface ChatMessage {
  id: number;
  tipo: 'user' | 'ai';
  texto: string;
  timestamp: string;
  /** The error bubble ('Desculpe, ocorreu um erro…'): shown, never sent back to the AI. */
  failed?: boolean;
  /** Under an answer's last bubble: the business's facts it used (decision 025). */
  facts?: string[];
  /** Under an answer's last bubble: the catalogue photos WhatsApp would send after the text. */
  photos?: { url: string; caption: string }[];
  /** Under an answer's last bubble: the price guard held the AI's answer back, and why. */
  guard?: string | null;
}

/** The chat as the server reads it: every bubble of the agent is one of its WhatsApp messages. */
export function toRequestMessages(messages: readonly ChatMessage[]): PlaygroundMessage[] {
  return messages
    .filter((m) => !m.failed)
    .map((m) => ({ role: m.tipo === 'user' ? 'user' : 'assistant', text: m.texto }));
}
