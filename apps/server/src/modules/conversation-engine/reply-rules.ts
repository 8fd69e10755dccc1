// Prompt assembly, history and splitting are shared with the playground (domain/ai-reply).
export { buildHistory, type ContextMessage } from '../../domain/ai-reply/history.ts';
export { hardSplit, splitReply, WHATSAPP_TEXT_MAX } from '../../domain/ai-reply/split-reply.ts';

/** Pure rules of ai-reply-behaviour.md, unit-tested (test/engine-rules.test.ts). */

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
