import { isNumberWord, parseNumberWords, scaleOf } from './number-words.ts';

/**
 * The price guard's tokens (docs/decisions/047-price-guard-amounts.md): a text lower-cased without
 * accents, with what can never be a price — times, dates, phone numbers, CEPs, CPF/CNPJ, order numbers,
 * addresses of the web — masked first, then cut into currency signs, numbers, words and symbols. Pure.
 */

export type Token = { kind: 'cur' | 'num' | 'word' | 'sym' | 'mask'; value: string };

/** Lower case, no accents, 'é' kept apart from 'e' (as 'eh'): 'Cento e Vinte Reais' → 'cento e vinte reais'. */
export function normaliseForAmounts(text: string): string {
  if (!/[\u0080-\uffff]/.test(text)) return text.toLowerCase();
  return text
    .replace(/(^|[^\p{L}])[éÉ](?=[^\p{L}]|$)/gu, '$1eh')
    .replace(/\b[nN]\s?[º°]\.?/g, 'numero ')
    .replace(/[º°ª]/g, 'o')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const MONTHS = 'janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro';

/**
 * Shapes that hold digits but are never an amount, in the order they are masked (a longer shape first:
 * a phone before a time, a CNPJ before a date). Each match becomes one '§' token, which also ends any
 * amount reading across it. The table in decision 047 lists them with examples.
 */
const NOT_AMOUNTS: readonly RegExp[] = [
  /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+/g,
  /\b\d{2}\.?\d{3}\.?\d{3}\/\d{4}-?\d{2}\b|\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/g, // CNPJ, CPF
  /(?:\+\s?55\s?)?\(\d{2}\)\s?9?\s?\d{4}[\s.-]?\d{4}\b/g, // (11) 98765-4321
  /(?:\+\s?55\s?)?\b\d{2}\s9?\s?\d{4}[\s.-]\d{4}\b/g, // 11 98765-4321
  /\b9?\d{4}-\d{4}\b/g, // 98765-4321
  /\b0[38]00[\s-]?\d{3}[\s-]?\d{4}\b/g,
  /\b\d{5}-\d{3}\b/g, // CEP
  /\b\d{8,}\b/g, // long runs: phones, CEPs, keys, codes
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g, // 29/11, 12/12/2026
  new RegExp(`\\b\\d{1,2}\\s+de\\s+(?:${MONTHS})(?:\\s+de\\s+\\d{4})?\\b`, 'g'),
  /\b(?:dia|dias|ate o dia|no dia)\s+\d{1,2}(?:\s*(?:e|a|ou)\s*\d{1,2})?\b(?!\s*(?:reais|conto|[.,]\d|(?!de|do|da|e)[a-z]{3,}))/g,
  /\b(?:de|em|ate)\s+20[2-3]\d\b/g, // a year
  /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:h|hs|hrs|horas)?\b/g, // 14:30
  /\b\d{1,2}\s?h(?:s|rs)?\s?(?:\d{2}(?:\s?min)?)?\b/g, // 14h30, 14h, 9hs
  /\b(?:horario|horarios|funcionamento|atendimento)\s*:?\s*(?:de\s+|das\s+)?\d{1,2}\b/g,
  /\b\d{1,2}\s+(?:as|ate as|ate)\s+\d{1,2}\b(?!\s*(?:reais|conto|[.,]\d|(?!horas|hrs|da|de|do|em|no|na)[a-z]{3,}))/g,
  /\b(?:as|das|pelas|partir das|ate as)\s+\d{1,2}(?:\s*(?:e|ou|a|-)\s*\d{1,2})?\b(?!\s*(?:reais|conto|[.,]\d|(?!horas|hrs|da|de|do|em|no|na)[a-z]{3,}))/g,
  /\b(?:pedido|pedidos|protocolo|codigo|cod|comanda|senha|ticket|nota fiscal|nf|rastreio|rastreamento|numero|num|nr|mesa|apto|apartamento|casa|lote|sala|loja|box|cupom)\s*(?:numero\s*|n\s*o\s*|no\s*|n\.?\s*|#\s*)?[:.#]?\s*\d[\d.-]*\b(?!\s*(?:reais|conto|contos|[.,]\d{2}\b))/g,
  /#\s?\d+/g,
  /\bdo\s+\d{2}\s+(?:ao|até|ate)\s+(?:o\s+)?\d{2}\b(?![.,]\d)/g, // sizes: do 36 ao 44
  /\b(?:tamanho|tamanhos|tam|numeracao|numeros|size)\s*(?:eh\s*|:\s*)?(?:o\s*|do\s*|de\s*)?\d{1,2}(?:\s*(?:,|e|ou|a|ao|-)\s*\d{1,2})*\b(?![.,]\d)/g,
  /\b(?:rua|r\.|avenida|av\.?|travessa|alameda|estrada|rodovia|km)\s+[^,\n]{1,40},?\s*(?:n\.?\s*o?\s*)?\d+\b/g, // an address
];

/** Letters and digits joined by hyphens or underscores: 'a1b2-c3d4', a UUID, a tracking code. */
const JOINED = /\b[a-z0-9]+(?:[-_][a-z0-9]+)*\b/g;
/** An identifier mixes letters and digits twice ('3aa8', 'a12b'); '2x50', '500ml' and '3x' are no identifiers. */
const MIXED_TWICE = /\d(?!x\d)[a-z]+\d|[a-z]\d+[a-z]/;

export function maskNotAmounts(normalised: string): string {
  // Every shape holds a digit: most answers have none, or few.
  if (!/\d/.test(normalised)) return normalised;
  let text = normalised.replace(JOINED, (chunk) => (MIXED_TWICE.test(chunk.replace(/[-_]/g, '')) ? ' § ' : chunk));
  for (const shape of NOT_AMOUNTS) if (shape.test(text)) text = text.replace(shape, ' § ');
  return text;
}

/** A model code ('A15', 'V10', 'S24') is one word: its digits are no amount. */
const TOKEN = /r\s?\$|\$|[a-z]+\d[a-z0-9]*|\d+(?:[.,]\d+)*|[a-z]+|§|[%\-–—/:()=+×*,;.!?\n]/g;

/** The last text read: an answer is tokenized by the amounts, the percentages and the discounts alike. */
let last: { text: string; tokens: readonly Token[] } | undefined;

/** The tokens of a text (the array is shared with the next caller for the same text: never change it). */
export function tokenize(text: string): readonly Token[] {
  if (last?.text === text) return last.tokens;
  const tokens: Token[] = [];
  for (const m of maskNotAmounts(normaliseForAmounts(text)).matchAll(TOKEN)) {
    const v = m[0];
    if (v.endsWith('$')) tokens.push({ kind: 'cur', value: 'r$' });
    else if (v === '§') tokens.push({ kind: 'mask', value: v });
    else if (/^\d/.test(v)) tokens.push({ kind: 'num', value: v });
    else if (/\d/.test(v)) tokens.push({ kind: 'word', value: v });
    else if (/^[a-z]/.test(v)) tokens.push({ kind: 'word', value: v });
    else tokens.push({ kind: 'sym', value: v });
  }
  last = { text, tokens };
  return tokens;
}

/**
 * A number as Brazilians write it: '1.234,56' → 1234.56, '80,5' → 80.5, '1.234' → 1234, '80.00' → 80
 * (a dot before exactly two digits is a decimal point), '1,234.56' → 1234.56. Null when unreadable.
 */
export function parseBrazilianNumber(raw: string): number | null {
  const lastComma = raw.lastIndexOf(',');
  const lastDot = raw.lastIndexOf('.');
  let integer = raw;
  let decimals = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const sep = lastComma > lastDot ? ',' : '.';
    const at = Math.max(lastComma, lastDot);
    integer = raw
      .slice(0, at)
      .split(sep === ',' ? '.' : ',')
      .join('');
    decimals = raw.slice(at + 1);
    if (!/^\d+$/.test(integer)) return null;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const groups = raw.split(sep);
    const tail = groups[groups.length - 1]!;
    if (groups.length === 2 && tail.length <= 2) {
      integer = groups[0]!;
      decimals = tail;
    } else if (groups.slice(1).every((g) => g.length === 3)) {
      integer = groups.join('');
    } else return null;
  }
  const value = Number(`${integer}.${decimals || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** True for '46,90' / '1.234,56': a number with exactly two decimals, the way prices are written. */
export const hasCents = (raw: string) => /[.,]\d{2}$/.test(raw) && !/^\d{1,3}(?:\.\d{3})+$/.test(raw);

export type ReadNumber = { value: number; next: number; words: boolean };

/** A number at `i` (digits with an optional 'mil'/'k' after, or a run of number words): value and next index. */
export function readNumber(tokens: readonly Token[], i: number): ReadNumber | null {
  const t = tokens[i];
  if (!t) return null;
  if (t.kind === 'num') {
    const value = parseBrazilianNumber(t.value);
    if (value === null) return null;
    const after = tokens[i + 1];
    const scale = after?.kind === 'word' ? (after.value === 'k' ? 1000 : scaleOf(after.value)) : null;
    return scale ? { value: value * scale, next: i + 2, words: false } : { value, next: i + 1, words: false };
  }
  if (t.kind !== 'word' || !isNumberWord(t.value)) return null;
  let j = i;
  while (tokens[j]?.kind === 'word' && (isNumberWord(tokens[j]!.value) || tokens[j]!.value === 'e')) j++;
  // A trailing 'e' belongs to what follows ('oitenta reais e cinquenta centavos').
  while (j > i && tokens[j - 1]!.value === 'e') j--;
  const numbers = splitWordNumbers(tokens.slice(i, j).map((w) => w.value));
  if (numbers.length === 1) return { value: numbers[0]!, next: j, words: true };
  // 'quarenta e seis e noventa': reais and centavos said the Brazilian way.
  if (numbers.length === 2 && numbers[1]! >= 10 && numbers[1]! < 100 && numbers[0]! >= 1) {
    return { value: numbers[0]! + numbers[1]! / 100, next: j, words: true };
  }
  return null;
}

const magnitude = (n: number) => (n >= 100 ? 3 : n >= 10 ? 2 : 1);

/**
 * A run of number words split into the numbers it holds: 'cento e vinte' → [120], 'oitenta e cem' →
 * [80, 100] (a part not smaller than the one before starts a new number, as in a range).
 */
export function splitWordNumbers(words: readonly string[]): number[] {
  const numbers: number[] = [];
  let current: string[] = [];
  let lastMagnitude = 4;
  for (const word of words) {
    if (word === 'e') {
      current.push(word);
      continue;
    }
    if (scaleOf(word)) {
      current.push(word);
      lastMagnitude = 4;
      continue;
    }
    const value = parseNumberWords([word]) ?? 0;
    if (magnitude(value) >= lastMagnitude && current.length) {
      const done = parseNumberWords(current);
      if (done !== null) numbers.push(done);
      current = [];
    }
    current.push(word);
    lastMagnitude = magnitude(value);
  }
  const last = parseNumberWords(current);
  if (last !== null) numbers.push(last);
  return numbers;
}

/** A run of number words ending just before `end` (exclusive), read backwards: start index and numbers. */
export function wordsBefore(tokens: readonly Token[], end: number): { start: number; numbers: number[] } | null {
  let start = end;
  while (
    start > 0 &&
    tokens[start - 1]!.kind === 'word' &&
    (isNumberWord(tokens[start - 1]!.value) || tokens[start - 1]!.value === 'e')
  )
    start--;
  while (start < end && tokens[start]!.value === 'e') start++;
  if (start === end) return null;
  return { start, numbers: splitWordNumbers(tokens.slice(start, end).map((t) => t.value)) };
}
