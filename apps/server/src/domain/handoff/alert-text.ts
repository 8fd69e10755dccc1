/**
 * Customer and AI text shown inside an owner alert (WhatsApp message or e-mail) must not be usable for
 * phishing: an alert comes from the owner's own business number, so a link in it would be trusted
 * (docs/decisions/021-spend-and-abuse-limits.md, 'Owner alerts can't carry phishing').
 *
 * The text is made inert in this order:
 *  1. Unicode compatibility forms are folded (NFKC: fullwidth 'ｅｖｉｌ．ｃｏｍ' becomes 'evil.com', so it
 *     is caught below); invisible format characters (zero-width, bidi overrides) are removed and
 *     control characters (line breaks, tabs) become spaces: one line, nothing can fake another line
 *     of the alert;
 *  2. every link becomes its bare host with its dots bracketed, never clickable:
 *     'https://evil.example/x' → 'evil[.]example' (scheme, credentials, port, path and query dropped);
 *     bare domains ('evil.example/login', 'www.evil.example', the domain of 'a@evil.example') too —
 *     WhatsApp and mail clients link those without a scheme;
 *  3. it is cut to a length (code points, with '…'), and quoted with typographic quotes.
 */

/** The customer's last message in an alert. */
export const ALERT_MESSAGE_MAX = 140;
/** The reason (the AI's words, or ours). */
export const ALERT_REASON_MAX = 160;
/** The contact's name (the customer's own WhatsApp profile name). */
export const ALERT_NAME_MAX = 60;

/** Read before any other step, so a huge message costs no more than this. */
const RAW_MAX = 2_000;

const DOT = '[.\u3002]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
/** A scheme URL: 'https://…', 'ftp://…' up to the next space. */
const SCHEME_URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s]*/giu;
/** A bare domain (at least one dot, a last label with a letter) with an optional port and path. */
const BARE_DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}_-])((?:${LABEL}${DOT})+(?=[\\p{L}\\p{N}-]*\\p{L})${LABEL})(?::\\d{1,5})?(?:[/?#][^\\s]*)?`,
  'gu',
);

/** Dots of a host as '[.]'. */
function defangHost(host: string): string {
  return host.replace(/[.\u3002]/gu, '[.]');
}

/** The host of a scheme URL, or what follows the scheme up to the first '/', when it does not parse. */
function hostOf(url: string): string {
  try {
    const host = new URL(url).hostname;
    if (host) return host.replace(/^\[|\]$/g, '');
  } catch {
    // not a URL a browser would open; keep what looks like its host part
  }
  const rest = url.replace(/^[^:]*:\/\//, '');
  return rest.split(/[/?#]/)[0]!.replace(/^.*@/, '').replace(/:\d*$/, '');
}

/** Step 1 and 2 of the module comment: one line, no invisible characters, no clickable link. */
export function defangLinks(text: string): string {
  const flat = text
    .slice(0, RAW_MAX)
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat
    .replace(SCHEME_URL, (url) => {
      const host = hostOf(url);
      return host ? defangHost(host) : '[link]';
    })
    .replace(BARE_DOMAIN, (_match, host: string) => defangHost(host));
}

/** Cuts to `max` code points, ending with '…' when cut. */
export function capText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** Customer or AI text as an alert shows it: inert, capped, between quotes. Empty → null. */
export function quoteForAlert(text: string | null | undefined, max: number): string | null {
  const inert = defangLinks(text ?? '');
  return inert ? `“${capText(inert, max)}”` : null;
}

/** A name shown in an alert (no quotes: it reads as a name), inert and capped. */
export function nameForAlert(name: string | null | undefined): string | null {
  const inert = defangLinks(name ?? '');
  return inert ? capText(inert, ALERT_NAME_MAX) : null;
}
