import type { AnswerItem, KeyQuestionKey } from './agents.ts';

/** Text rules for the training answers, shared by the server's prompt assembly and the demo AI. */

/** Lower case without accents, so 'Preço' and 'preco' match the same keyword. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How many of the keywords (accent-free stems, matched at the start of a word) occur in the text. */
export function countHits(normalisedText: string, keywords: readonly string[]): number {
  let hits = 0;
  for (const k of keywords) {
    const stem = normalise(k);
    const startsWithWordChar = /^\w/.test(stem);
    const re = new RegExp(`${startsWithWordChar ? '(?<![\\p{L}\\p{N}])' : ''}${escapeRegExp(stem)}`, 'u');
    if (re.test(normalisedText)) hits += 1;
  }
  return hits;
}

/** The answer given to a key question, trimmed; '' when absent. */
export function keyAnswer(respostas: readonly AnswerItem[], key: KeyQuestionKey): string {
  const item = respostas.find((r) => r.tipo === 'chave' && r.key === key);
  return item?.resposta.trim() ?? '';
}

export function refinementAnswers(respostas: readonly AnswerItem[]): AnswerItem[] {
  return respostas.filter((r) => r.tipo === 'refinamento' && r.resposta.trim() !== '');
}

/** Collapses runs of blank space (answers are pasted from anywhere). */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The first sentences of a text, at most about `max` characters, cut at a sentence end when
 * possible (else at a word, with '…').
 */
export function firstSentences(text: string, max = 220): string {
  const clean = tidy(text).replace(/\s*\n+\s*/g, ' ');
  if (clean.length <= max) return clean;
  const sentences = clean.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
  let out = '';
  for (const s of sentences) {
    if ((out + s).trim().length > max) break;
    out += s;
  }
  if (out.trim()) return out.trim();
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trim()}…`;
}

/** Makes a sentence end with punctuation. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return /[.!?…:]$/.test(t) ? t : `${t}.`;
}
