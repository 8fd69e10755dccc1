import type { MessageType } from '@vendai/contracts';
import type { ChatMessage } from '../../integrations/llm/llm.ts';
import { safeJson } from './map-gateway-message.ts';

/** Pure rules of ai-reply-behaviour.md, unit-tested (test/engine-rules.test.ts). */

/** WhatsApp's limit for one text message. */
export const WHATSAPP_TEXT_MAX = 4096;
/** The cap never lets a burst wait longer than this after its first message. */
export const BURST_CAP_MAX_MS = 120_000;

export interface QuietWindow {
  /** Quiet time after the customer's last message. */
  quietMs: number;
  /** Longest wait after the burst's first message. */
  capMs: number;
}

/**
 * The agent's delay (`timing`, seconds) as quiet time with a floor (groups messages even at delay 0),
 * and a cap of 2 × that, at most 120 s, so a chatty customer cannot postpone the answer forever.
 */
export function quietWindow(timingSeconds: number, minQuietMs: number): QuietWindow {
  const quietMs = Math.max(Math.max(0, timingSeconds) * 1000, minQuietMs);
  return { quietMs, capMs: Math.max(quietMs, Math.min(2 * quietMs, BURST_CAP_MAX_MS)) };
}

/** When a burst is answered: quiet time after the last message, but never later than the cap. */
export function burstDueAt(firstAt: Date, lastAt: Date, window: QuietWindow): Date {
  return new Date(Math.min(lastAt.getTime() + window.quietMs, firstAt.getTime() + window.capMs));
}

const OPT_OUT_WORDS = new Set(['sair', 'parar', 'pare', 'stop']);

/** A whole message 'sair', 'parar', 'pare' or 'stop', whatever the case, accents, punctuation or emoji. */
export function isOptOut(text: string | null | undefined): boolean {
  if (!text) return false;
  const word = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return OPT_OUT_WORDS.has(word);
}

/** Is a message too old to answer (history sync, reconnect)? Compares WhatsApp's time with arrival. */
export function isStale(sentAt: Date | null, receivedAt: Date, staleMs: number): boolean {
  if (!sentAt) return false;
  return receivedAt.getTime() - sentAt.getTime() > staleMs;
}

/**
 * Splits an answer into a few WhatsApp messages on paragraph boundaries: short answers stay whole,
 * paragraphs are grouped up to about `targetChars`, at most `maxParts` messages, and no message is
 * ever longer than 4,096 characters (an over-long paragraph is cut at a line, sentence or word).
 */
export function splitReply(text: string, { targetChars = 700, maxParts = 4 }: { targetChars?: number; maxParts?: number } = {}): string[] {
  const clean = text.replace(/\r\n/g, '\n').trim();
  if (clean === '') return [];
  if (clean.length <= targetChars) return [clean];
  const paragraphs = clean
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => hardSplit(p, WHATSAPP_TEXT_MAX));
  let target = targetChars;
  for (;;) {
    const parts = group(paragraphs, target);
    if (parts.length <= maxParts || target >= WHATSAPP_TEXT_MAX) return parts;
    target = Math.min(WHATSAPP_TEXT_MAX, target * 2);
  }
}

function group(paragraphs: string[], target: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const p of paragraphs) {
    const joined = current ? `${current}\n\n${p}` : p;
    if (current && joined.length > target) {
      parts.push(current);
      current = p;
    } else current = joined;
  }
  if (current) parts.push(current);
  return parts;
}

/** Cuts a text into pieces of at most `max` characters, preferring line, sentence, then word ends. */
export function hardSplit(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = [window.lastIndexOf('\n'), lastSentenceEnd(window), window.lastIndexOf(' ')].find((i) => i >= max * 0.5) ?? max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

function lastSentenceEnd(text: string): number {
  let best = -1;
  for (const m of text.matchAll(/[.!?…](\s)/g)) best = (m.index ?? 0) + 1;
  return best;
}

/** A stored message as the context builder reads it. */
export interface ContextMessage {
  direction: 'in' | 'out';
  messageType: string;
  content: string | null;
  mediaFilename: string | null;
  mediaDuration: number | null;
  status: string;
}

/**
 * How a message reads to the AI. Media without a transcription or description is described
 * ('[o cliente enviou um áudio]'), so the AI knows something arrived and can ask about it.
 */
export function describeForAi(m: ContextMessage): string | null {
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

/** The conversation for the AI: oldest first, newest last; failed sends are not part of it. */
export function buildHistory(recentNewestFirst: ContextMessage[]): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (const m of [...recentNewestFirst].reverse()) {
    if (m.direction === 'out' && m.status === 'failed') continue;
    const text = describeForAi(m);
    if (!text) continue;
    history.push({ role: m.direction === 'in' ? 'user' : 'assistant', content: text });
  }
  return history;
}
