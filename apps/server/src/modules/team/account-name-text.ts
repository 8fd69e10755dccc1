/** Longest account name an invitation quotes (docs/decisions/051-verified-email-and-membership-end.md). */
export const QUOTED_NAME_MAX = 60;

// Anything a mail client or a person could follow: a scheme, 'www.', an e-mail or a domain-like word.
const LINK_LIKE =
  /(?:[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S*|\S+@\S+|[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.(?:[a-z]{2,}|xn--[a-z0-9-]+)(?![\p{L}\p{N}])\S*)/giu;
// Control, format (bidi overrides, zero-width) and line/paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * An account's name as the invitation quotes it: the name is the owner's own text, so in a mail sent to
 * another person it carries no link (replaced by '[link removido]'), no control or bidi characters and
 * at most QUOTED_NAME_MAX characters, inside “quotes”.
 */
export function quotedAccountName(name: string): string {
  const clean = name
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(LINK_LIKE, '[link removido]')
    .replace(/[“”"]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(clean || 'sem nome');
  const capped =
    chars.length > QUOTED_NAME_MAX
      ? `${chars
          .slice(0, QUOTED_NAME_MAX - 1)
          .join('')
          .trimEnd()}…`
      : clean;
  return `“${capped}”`;
}
