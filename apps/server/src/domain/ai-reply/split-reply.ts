/**
 * How an AI answer is cut into WhatsApp messages (docs/product/ai-replies.md#6-feeling-human). Shared by the
 * conversation engine (what customers receive) and the playground (what the owner tests), so both
 * show the same parts.
 */

/** WhatsApp's limit for one text message. */
export const WHATSAPP_TEXT_MAX = 4096;

/**
 * Splits an answer into a few WhatsApp messages on paragraph boundaries: short answers stay whole,
 * paragraphs are grouped up to about `targetChars`, at most `maxParts` messages, and no message is
 * ever longer than 4,096 characters (an over-long paragraph is cut at a line, sentence or word).
 */
export function splitReply(
  text: string,
  { targetChars = 700, maxParts = 4 }: { targetChars?: number; maxParts?: number } = {},
): string[] {
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
    const cut =
      [window.lastIndexOf('\n'), lastSentenceEnd(window), window.lastIndexOf(' ')].find((i) => i >= max * 0.5) ?? max;
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
