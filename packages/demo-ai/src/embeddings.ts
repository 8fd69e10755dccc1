import { normalise } from '@vendai/contracts/answer-text';

/** Dimensions of the demo's vectors. */
const DIMENSIONS = 512;

/**
 * Words the demo treats as one meaning (by their first five letters), so that its vectors find what
 * full-text search cannot: 'frete' is about 'entrega', 'devolver' about 'troca'. A real model knows many
 * more; this is enough to show and test the ranking offline.
 */
const MEANINGS: Record<string, string> = {
  frete: 'entre',
  envio: 'entre',
  manda: 'entre',
  motob: 'entre',
  devol: 'troca',
  reemb: 'troca',
  pagam: 'pagar',
  carta: 'pagar',
  bolet: 'pagar',
  parce: 'pagar',
  abert: 'horar',
  fecha: 'horar',
  funci: 'horar',
};

/** Common words (by their first five letters) that say nothing about the subject. */
const STOP = new Set(['voces', 'voce', 'qual', 'quais', 'quant', 'sobre', 'tenho', 'quero', 'queri', 'podem', 'para']);

/** FNV-1a of a string, folded into the vector's dimensions. */
function slot(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) % DIMENSIONS;
}

/**
 * The demo AI's offline embeddings stand-in (AI_EMBEDDINGS_MODEL with AI_PROVIDER=demo): deterministic,
 * normalised bags of word stems (the first five letters, accents ignored) with a few synonyms folded
 * together. Texts about the same things point the same way. Pure.
 */
export function demoEmbed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of normalise(text).match(/[a-z0-9]{4,}/g) ?? []) {
    const stem = word.slice(0, 5);
    if (STOP.has(stem)) continue;
    vector[slot(MEANINGS[stem] ?? stem)]! += 1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((v) => v / norm);
}
