/**
 * Portuguese number words ('oitenta', 'cento e vinte', 'mil e quinhentos', 'dois mil') read as numbers,
 * for the amounts an AI may write in words (docs/decisions/025-catalogue-and-price-guard.md). Words are
 * compared lower case and without accents.
 */

const SMALL: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezasseis: 16,
  dezessete: 17,
  dezassete: 17,
  dezoito: 18,
  dezenove: 19,
  dezanove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  cincoenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};

const SCALES: Record<string, number> = { mil: 1000, milhao: 1_000_000, milhoes: 1_000_000 };

/** True for a word that can be part of a number written in words ('e' only between two of them). */
export function isNumberWord(word: string): boolean {
  return Object.hasOwn(SMALL, word) || Object.hasOwn(SCALES, word);
}

/** True for a scale word that multiplies the number before it ('2 mil', 'um milhão'). */
export function scaleOf(word: string): number | null {
  return Object.hasOwn(SCALES, word) ? SCALES[word]! : null;
}

/**
 * The value of a run of number words and 'e' ('cento e vinte' → 120, 'mil e quinhentos' → 1500,
 * 'dois mil e trezentos' → 2300); null when the run holds no number word.
 */
export function parseNumberWords(words: readonly string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    if (word === 'e') continue;
    const small = SMALL[word];
    if (small !== undefined) {
      current += small;
      seen = true;
      continue;
    }
    const scale = SCALES[word];
    if (scale === undefined) return null;
    total += (current || 1) * scale;
    current = 0;
    seen = true;
  }
  return seen ? total + current : null;
}
