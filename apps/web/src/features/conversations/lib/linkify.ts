/**
 * Splits message text into plain parts and links. Only http(s) addresses (and 'www.' ones, opened
 * over https) become links: a 'javascript:' or 'data:' text stays text. React escapes every part,
 * so nothing in a customer's message can inject markup.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"»]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let raw = match[0];
    const start = match.index;
    // Keep a closing parenthesis that belongs to the address: (…/Foo_(bar)).
    const trailing = raw.match(TRAILING)?.[0] ?? '';
    if (trailing) raw = raw.slice(0, raw.length - trailing.length);
    if (!raw || raw.toLowerCase() === 'www.' || /^https?:\/\/$/i.test(raw)) continue;
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    if (!isSafeHref(href)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isSafeHref(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
