import type { MessageType } from '@vendai/contracts';
import type { ChatMessage } from '../../integrations/llm/llm.ts';
import { safeJson } from '../../lib/safe-json.ts';
import { cutCustomerText } from './customer-text.ts';

/** A stored message as the context builder reads it. */
export interface ContextMessage {
  direction: 'in' | 'out';
  messageType: string;
  content: string | null;
  mediaFilename: string | null;
  mediaDuration: number | null;
  status: string;
  /** The stored message's id (the engine attaches media insights by it). */
  id?: string;
  /** A voice note's transcript, an image's description or a document's text (decision 016). */
  insight?: MediaInsightForAi;
}

/** What the AI is told it understood of a media message (domain/media-insights). */
export interface MediaInsightForAi {
  kind: 'transcript' | 'description' | 'document';
  state: 'done' | 'failed' | 'skipped';
  text: string | null;
}

/**
 * How a message reads to the AI. Media without a transcription or description is described
 * ('[o cliente enviou um áudio]'), so the AI knows something arrived and can ask about it.
 */
export function describeForAi(m: ContextMessage): string | null {
  const understood = m.insight ? describeInsight(m, m.insight) : null;
  if (understood) return understood;
  const who = m.direction === 'in' ? 'o cliente enviou' : 'foi enviado';
  const caption = m.content?.trim() ? `: ${m.content.trim()}` : '';
  switch (m.messageType as MessageType) {
    case 'text':
      return m.content?.trim() || null;
    case 'image':
      return `[${who} uma imagem${caption}]`;
    case 'video':
      return `[${who} um vídeo${caption}]`;
    case 'audio':
      return `[${who} um áudio${m.mediaDuration ? ` de ${m.mediaDuration} s` : ''}]`;
    case 'document':
      return `[${who} um documento${m.mediaFilename ? ` (${m.mediaFilename})` : ''}${caption}]`;
    case 'sticker':
      return `[${who} uma figurinha]`;
    case 'location': {
      const loc = safeJson<{ address: string | null; lat: number; lng: number }>(m.content);
      return `[${who} uma localização${loc ? `: ${loc.address ? `${loc.address}, ` : ''}${loc.lat}, ${loc.lng}` : ''}]`;
    }
    case 'contact': {
      const c = safeJson<{ name: string; phone: string | null }>(m.content);
      return `[${who} um contato${c ? `: ${c.name}${c.phone ? `, ${c.phone}` : ''}` : ''}]`;
    }
    default:
      return `[${who} uma mensagem que não pode ser exibida]`;
  }
}

/**
 * A media message the AI understood (decision 016): the transcript is what the customer said; an
 * image's description comes with the caption, which stays the customer's own words; a document's
 * text is bounded. A voice note that could not be transcribed tells the AI so, to ask for text.
 */
function describeInsight(m: ContextMessage, insight: MediaInsightForAi): string | null {
  if (m.direction !== 'in') return null;
  const seconds = m.mediaDuration ? ` de ${m.mediaDuration} s` : '';
  const caption = m.content?.trim() ? `\nLegenda do cliente: ${m.content.trim()}` : '';
  if (insight.state === 'done' && insight.text) {
    if (insight.kind === 'transcript') return `[o cliente enviou um áudio${seconds}; transcrição:]\n${insight.text}`;
    if (insight.kind === 'description')
      return `[o cliente enviou ${m.messageType === 'sticker' ? 'uma figurinha' : 'uma imagem'}; descrição da imagem: ${insight.text}]${caption}`;
    return `[o cliente enviou um documento${m.mediaFilename ? ` (${m.mediaFilename})` : ''}; texto do documento:]\n${insight.text}${caption}`;
  }
  if (insight.kind === 'transcript')
    return `[o cliente enviou um áudio${seconds}, mas não foi possível ouvi-lo; peça com gentileza que ele escreva a mensagem]`;
  // A PDF that could not be read (refused, or stopped at its time limit: decision 021) is said so.
  if (insight.kind === 'document' && insight.state === 'failed')
    return `[o cliente enviou um documento${m.mediaFilename ? ` (${m.mediaFilename})` : ''}, mas não foi possível ler o texto dele; peça com gentileza que o cliente escreva o que precisa]${caption}`;
  return null;
}

/** The conversation for the AI: oldest first, newest last; failed sends are not part of it. */
export function buildHistory(recentNewestFirst: ContextMessage[]): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (const m of [...recentNewestFirst].reverse()) {
    if (m.direction === 'out' && m.status === 'failed') continue;
    // The customer's own words are cut at CUSTOMER_TEXT_MAX (customer-text.ts); transcripts and documents have their own bounds.
    const text = describeForAi(m.direction === 'in' ? { ...m, content: cutCustomerText(m.content) } : m);
    if (!text) continue;
    history.push({ role: m.direction === 'in' ? 'user' : 'assistant', content: text });
  }
  return history;
}
