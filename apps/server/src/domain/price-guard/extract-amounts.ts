import { isNumberWord, parseNumberWords, scaleOf } from './number-words.ts';

/**
 * Every amount of money in a text, in centavos, as the price guard reads an AI answer
 * (docs/decisions/025-catalogue-and-price-guard.md): 'R$ 80', 'R$80,00', 'R$ 1.234,56', '80 reais',
 * '2 mil reais', 'R$ 1,5 mil', 'oitenta reais', 'cento e vinte reais', '50 centavos',
 * '80 reais e 50 centavos', and both ends of a range ('R$ 80 a 120', 'entre 80 e 120 reais',
 * 'de oitenta a cem reais'). Numbers without a currency word ('2 unidades', '10 horas') are not amounts.
 * Pure.
 */

type Token = { kind: 'cur' | 'num' | 'word' | 'sym'; value: string };

const CURRENCY_WORDS = new Set(['reais', 'real', 'conto', 'contos', 'pila', 'pilas']);
/** Between the two ends of a range before a currency word ('de 80 a 120 reais', 'entre 80 e 120 reais'). */
const RANGE_WORDS = new Set(['a', 'ate', 'e', 'ou', '-', '–']);
/** After 'R$ 80' only these start a range's other end ('R$ 80 a 120'); 'e' only after 'entre'. */
const FORWARD_RANGE_WORDS = new Set(['a', 'ate', '-', '–']);

/** Lower case, no accents: 'Cento e Vinte Reais' → 'cento e vinte reais'. */
export function normaliseForAmounts(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of normaliseForAmounts(text).matchAll(/r\s?\$|\$|\d+(?:[.,]\d+)*|[a-z]+|[%\-–/]/g)) {
    const v = m[0];
    if (v.endsWith('$')) tokens.push({ kind: 'cur', value: 'r$' });
    else if (/^\d/.test(v)) tokens.push({ kind: 'num', value: v });
    else if (/^[a-z]/.test(v)) tokens.push({ kind: 'word', value: v });
    else tokens.push({ kind: 'sym', value: v });
  }
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

const toCents = (reais: number) => Math.round(reais * 100);

/** A number at `i` (digits with an optional 'mil'/'k' after, or a run of number words): value and next index. */
function readNumber(tokens: Token[], i: number): { value: number; next: number; words: boolean } | null {
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
  if (numbers.length !== 1) return null;
  return { value: numbers[0]!, next: j, words: true };
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
function wordsBefore(tokens: Token[], end: number): { start: number; numbers: number[] } | null {
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

/** Amounts of a text in centavos, in order of appearance (a repeated amount appears again). */
export function extractAmounts(text: string): number[] {
  const tokens = tokenize(text);
  const found: { at: number; cents: number }[] = [];
  // Token positions already read as (part of) an amount: a range's first end is never one of them.
  const covered = new Set<number>();
  const add = (at: number, cents: number, end = at + 1) => {
    if (covered.has(at)) return;
    for (let k = at; k < end; k++) covered.add(k);
    found.push({ at, cents });
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // 'R$ 80', 'R$ 1.234,56', 'R$ 2 mil', then a range's other end: 'R$ 80 a 120', 'R$ 80-120'.
    if (t.kind === 'cur') {
      const n = readNumber(tokens, i + 1);
      if (!n || n.words) continue;
      add(i + 1, toCents(n.value) + centavosAfter(tokens, n.next), n.next);
      const connector = tokens[n.next];
      const between = connector?.value === 'e' && tokens[i - 1]?.value === 'entre';
      if (connector && (FORWARD_RANGE_WORDS.has(connector.value) || between)) {
        const other = tokens[n.next + 1]?.kind === 'cur' ? null : readNumber(tokens, n.next + 1);
        if (other && !other.words) add(n.next + 1, toCents(other.value));
      }
      continue;
    }
    // '80 reais', '2 mil reais', 'cento e vinte reais', '80 reais e 50 centavos', '50 centavos'.
    if (t.kind === 'word' && (CURRENCY_WORDS.has(t.value) || t.value === 'centavos' || t.value === 'centavo')) {
      const isCentavos = t.value.startsWith('centavo');
      if (isCentavos && isCentsOfAmount(tokens, i)) continue;
      const before = amountBefore(tokens, i);
      if (!before) continue;
      const unit = isCentavos ? 1 : 100;
      add(before.at, Math.round(before.value * unit) + (isCentavos ? 0 : centavosAfter(tokens, i + 1)), i + 1);
      for (const other of before.rangeStart) add(other.at, Math.round(other.value * unit));
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.cents);
}

/** The number that ends right before `i` ('80', '2 mil', 'oitenta'), and a range's first end before it. */
function amountBefore(
  tokens: Token[],
  i: number,
): { at: number; value: number; rangeStart: { at: number; value: number }[] } | null {
  const prev = tokens[i - 1];
  if (!prev) return null;
  let at: number;
  let value: number;
  const rangeStart: { at: number; value: number }[] = [];
  if (prev.kind === 'num') {
    at = i - 1;
    value = parseBrazilianNumber(prev.value) ?? NaN;
  } else if (prev.kind === 'word' && (prev.value === 'k' || scaleOf(prev.value)) && tokens[i - 2]?.kind === 'num') {
    at = i - 2;
    value = (parseBrazilianNumber(tokens[i - 2]!.value) ?? NaN) * (prev.value === 'k' ? 1000 : scaleOf(prev.value)!);
  } else {
    const run = wordsBefore(tokens, i);
    if (!run || run.numbers.length === 0) return null;
    at = run.start;
    value = run.numbers[run.numbers.length - 1]!;
    // 'entre oitenta e cem reais': the run holds both ends.
    run.numbers.slice(0, -1).forEach((n, k) => rangeStart.push({ at: run.start - 1000 - k, value: n }));
  }
  if (!Number.isFinite(value)) return null;
  // 'de 80 a 120 reais', 'entre 80 e 120 reais', '80-120 reais': the first end of a range.
  const connector = tokens[at - 1];
  if (connector && RANGE_WORDS.has(connector.value)) {
    const first = tokens[at - 2];
    if (first?.kind === 'num') {
      const v = parseBrazilianNumber(first.value);
      const scaled = prev.kind === 'word' && scaleOf(prev.value) ? (v ?? NaN) * scaleOf(prev.value)! : v;
      if (scaled !== null && Number.isFinite(scaled)) rangeStart.push({ at: at - 2, value: scaled });
    } else {
      const run = wordsBefore(tokens, at - 1);
      if (run?.numbers.length === 1) rangeStart.push({ at: run.start, value: run.numbers[0]! });
    }
  }
  return { at, value, rangeStart };
}

/** 'e 50 centavos' / 'e cinquenta centavos' right after an amount in reais: those centavos, else 0. */
function centavosAfter(tokens: Token[], i: number): number {
  if (tokens[i]?.value !== 'e') return 0;
  const n = readNumber(tokens, i + 1);
  if (!n || !tokens[n.next]?.value.startsWith('centavo')) return 0;
  return Math.round(n.value);
}

/** True when the 'centavos' at `i` completes an amount in reais ('80 reais e 50 centavos'). */
function isCentsOfAmount(tokens: Token[], i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 8); j--) {
    if (tokens[j]!.value === 'e' && j > 0 && CURRENCY_WORDS.has(tokens[j - 1]!.value)) return true;
    if (tokens[j]!.value === 'e' && j > 1 && tokens[j - 2]?.kind === 'cur') return true;
    if (tokens[j]!.kind !== 'num' && !isNumberWord(tokens[j]!.value)) return false;
  }
  return false;
}

/** Percentages of a text: '10%', '10 %', '7,5%', 'dez por cento'. */
export function extractPercents(text: string): number[] {
  const tokens = tokenize(text);
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const isPercent = t.value === '%' || (t.value === 'por' && tokens[i + 1]?.value === 'cento');
    if (!isPercent) continue;
    const prev = tokens[i - 1];
    if (prev?.kind === 'num') {
      const v = parseBrazilianNumber(prev.value);
      if (v !== null) out.push(v);
    } else {
      const run = wordsBefore(tokens, i);
      if (run?.numbers.length) out.push(run.numbers[run.numbers.length - 1]!);
    }
  }
  return out;
}
