import { otherWordForms } from '../../lib/portuguese-word-forms.ts';

/**
 * The customer's words as the catalogue and knowledge searches read them (catalogue-search-repository.ts,
 * faq-search-repository.ts, passage-search-repository.ts): letters and digits only, at least 2 characters, each once;
 * `query` joins them, and each word's other number where the stemmer gives it another stem ('pães' →
 * 'pao', lib/portuguese-word-forms.ts), with `or` for `websearch_to_tsquery`; `typos` (≥ 4 letters, as
 * a JSON array) are the words matched by trigrams. Null when no word is left. Pure.
 */
export function searchWords(words: readonly string[]): { query: string; typos: string } | null {
  const clean = [...new Set(words.map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length >= 2))];
  if (clean.length === 0) return null;
  const withForms = [...new Set(clean.flatMap((w) => [w, ...otherWordForms(w)]))];
  return { query: withForms.join(' or '), typos: JSON.stringify(clean.filter((w) => w.length >= 4)) };
}
