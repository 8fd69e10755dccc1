/**
 * The customer's words as the knowledge searches read them (search-knowledge.ts, search-passages.ts):
 * letters and digits only, at least 2 characters, each once; `query` joins them with `or` for
 * `websearch_to_tsquery`, `typos` (≥ 4 letters, as a JSON array) are the words matched by trigrams.
 * Null when no word is left. Pure.
 */
export function searchWords(words: readonly string[]): { query: string; typos: string } | null {
  const clean = [...new Set(words.map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length >= 2))];
  if (clean.length === 0) return null;
  return { query: clean.join(' or '), typos: JSON.stringify(clean.filter((w) => w.length >= 4)) };
}
