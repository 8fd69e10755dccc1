import {
  amountBefore,
  centavosAfter,
  COUNT_BEFORE,
  cueBefore,
  CURRENCY_WORDS,
  FORWARD_RANGE_WORDS,
  isCentavos,
  isCentsOfAmount,
  isQuantityBefore,
  isWordNumberStart,
  PART_WORDS,
  partsBefore,
  rangeCue,
  SENTENCE_END,
  spokenCents,
  toCents,
} from './price-context.ts';
import { hasCents, parseBrazilianNumber, readNumber, type Token, tokenize, wordsBefore } from './tokens.ts';

export { normaliseForAmounts, parseBrazilianNumber, splitWordNumbers } from './tokens.ts';

/**
 * Every amount of money in a text, the way Brazilians write it (docs/decisions/047-price-guard-amounts.md,
 * which has the table of shapes): marked by 'R$' or a currency word ('R$ 80', 'R$46', '80 reais',
 * '50 conto', 'oitenta reais', '80 reais e 50 centavos'), or unmarked where the place says it is a price
 * ('sai por 46,90', '46,90', 'fica 46 e 90', 'os dois saem 90', '3x de 15', '3 por 100', 'o total é 180').
 * Times, dates, phones, CEPs and order numbers are masked before (tokens.ts); a number followed by a unit
 * or a thing ('2 bolos', '500 g', '1,5 kg', '3 dias') is a quantity. Pure.
 */

export interface PriceMention {
  cents: number;
  /** Written with 'R$' or a currency word. */
  marked: boolean;
  /** One of `parts` equal parts ('3x de 15', '2 x 50'): the whole is parts × cents. */
  parts?: number;
}

export interface ReadPrices {
  mentions: PriceMention[];
  /** Quantities the text names ('2 bolos', 'os dois', 'meia dúzia'), each 2…500. */
  quantities: number[];
}

/** Amounts (with their kind) and quantities of a text, in order of appearance. */
export function readPrices(text: string): ReadPrices {
  const tokens = tokenize(text);
  const found: (PriceMention & { at: number })[] = [];
  const quantities = new Set<number>();
  const covered = new Set<number>();
  /** Bare numbers ('com morango 68'): prices when their sentence holds a price, else quantities. */
  const bare: { at: number; end: number; value: number; sentence: number }[] = [];
  let sentence = 0;
  const sentenceOf = new Map<number, number>();
  const add = (at: number, cents: number, marked: boolean, end = at + 1) => {
    if (covered.has(at)) return;
    for (let k = at; k < end; k++) covered.add(k);
    const parts = partsBefore(tokens, at);
    found.push({ at, cents, marked, ...(parts ? { parts } : {}) });
  };
  const rangeEnd = (start: number, after: number, marked: boolean) => {
    const connector = tokens[after];
    const between = connector?.value === 'e' && tokens[start - 1]?.value === 'entre';
    if (!connector || !(FORWARD_RANGE_WORDS.has(connector.value) || between)) return;
    const other = tokens[after + 1]?.kind === 'cur' ? null : readNumber(tokens, after + 1);
    if (other && !other.words && !isQuantityBefore(tokens[other.next], other.value))
      add(after + 1, toCents(other.value), marked, other.next);
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    sentenceOf.set(i, sentence);
    if (SENTENCE_END.has(t.value)) sentence++;
    if (t.kind === 'cur') {
      // 'R$ 80', 'R$ 1.234,56', 'R$ 2 mil', 'R$ 46 e 90', then a range's other end: 'R$ 80 a 120'.
      const n = readNumber(tokens, i + 1);
      if (!n) continue;
      const spoken = n.words ? null : spokenCents(tokens, i + 1, n.next, n.value);
      const next = spoken?.next ?? n.next;
      add(i + 1, toCents(n.value) + (spoken?.cents ?? centavosAfter(tokens, n.next)), true, next);
      rangeEnd(i, next, true);
      continue;
    }
    if (t.kind === 'word' && (CURRENCY_WORDS.has(t.value) || isCentavos(t.value))) {
      // '80 reais', '2 mil reais', 'cento e vinte reais', '80 reais e 50 centavos', '50 centavos'.
      if (isCentavos(t.value) && isCentsOfAmount(tokens, i)) continue;
      const before = amountBefore(tokens, i);
      if (!before) continue;
      const unit = isCentavos(t.value) ? 1 : 100;
      add(before.at, Math.round(before.value * unit) + (unit === 1 ? 0 : centavosAfter(tokens, i + 1)), true, i + 1);
      for (const other of before.rangeStart) add(other.at, Math.round(other.value * unit), true);
      continue;
    }
    if (covered.has(i) || !(t.kind === 'num' || isWordNumberStart(t))) {
      if (t.kind === 'word') quantityWord(tokens, i, quantities);
      continue;
    }
    const n = readNumber(tokens, i);
    if (!n) continue;
    const after = tokens[n.next];
    // A percentage, or an amount whose currency word comes after ('80 reais'): read elsewhere.
    if (after?.value === '%' || (after?.value === 'por' && tokens[n.next + 1]?.value === 'cento')) {
      i = after.value === '%' ? n.next : n.next + 1;
      continue;
    }
    // 'em 3x sem juros', '10 vezes': a count of instalments; '2x bolo', '2 x 50': a quantity.
    if (after && (PART_WORDS.has(after.value) || after.value === '×' || after.value === '*')) {
      const then = tokens[n.next + 1];
      const counted = after.value === 'x' || after.value === '×' || after.value === '*';
      if (
        counted &&
        !['de', 'sem', 'no', 'iguais', 'fixas', 'sem'].includes(then?.value ?? 'de') &&
        Number.isInteger(n.value)
      )
        quantities.add(n.value);
      i = n.next;
      continue;
    }
    if (after && (CURRENCY_WORDS.has(after.value) || isCentavos(after.value))) continue;
    if (
      after?.value === 'e' &&
      tokens[n.next + 1]?.kind === 'num' &&
      CURRENCY_WORDS.has(tokens[n.next + 2]?.value ?? '')
    )
      continue;
    const cue = cueBefore(tokens, i) ?? rangeCue(tokens, i, n.next);
    const parts = partsBefore(tokens, i);
    const spoken = cue ? spokenCents(tokens, i, n.next, n.value) : null;
    const end = spoken?.next ?? n.next;
    const decimal = !n.words && hasCents(t.value);
    const isPrice =
      !isQuantityBefore(tokens[end], spoken ? 99 : n.value) &&
      (cue === 'strong' ||
        parts !== undefined ||
        (cue === 'weak' && (decimal || n.value >= 5)) ||
        (decimal && !n.words) ||
        spoken !== null) &&
      (!n.words || n.value >= 2);
    if (isPrice) {
      add(i, toCents(n.value) + (spoken?.cents ?? 0), false, end);
      rangeEnd(i, end, false);
    } else if (
      !n.words &&
      n.value >= 5 &&
      !isQuantityBefore(tokens[end], n.value) &&
      !COUNT_BEFORE.has(tokens[i - 1]?.value ?? '') &&
      !isQuantityBefore(tokens[end], 1)
    ) {
      bare.push({ at: i, end, value: n.value, sentence });
    } else if (Number.isInteger(n.value) && n.value >= 2 && n.value <= 500) {
      quantities.add(n.value);
    }
    i = Math.max(i, end - 1);
  }
  const priced = new Set(found.map((f) => sentenceOf.get(f.at)));
  for (const b of bare) {
    if (priced.has(b.sentence)) add(b.at, toCents(b.value), false, b.end);
    else if (Number.isInteger(b.value) && b.value <= 500) quantities.add(b.value);
  }
  return {
    mentions: found.sort((a, b) => a.at - b.at).map(({ at: _at, ...m }) => m),
    quantities: [...quantities],
  };
}

/** 'dúzia' (12), 'meia dúzia' (6), 'dezena' (10), 'um par' (2): quantities said with a word. */
function quantityWord(tokens: readonly Token[], i: number, quantities: Set<number>) {
  const w = tokens[i]!.value;
  if (w === 'duzia') quantities.add(tokens[i - 1]?.value === 'meia' ? 6 : 12);
  else if (w === 'dezena') quantities.add(10);
  else if (w === 'par' && (tokens[i - 1]?.value === 'um' || tokens[i - 1]?.value === 'o')) quantities.add(2);
}

/** Amounts of a text in centavos, in order of appearance (a repeated amount appears again). */
export function extractAmounts(text: string): number[] {
  return readPrices(text).mentions.map((m) => m.cents);
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
