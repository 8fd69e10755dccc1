import type { PriceMention } from './extract-amounts.ts';
import { normaliseForAmounts } from './tokens.ts';

/**
 * Which amounts are true (docs/decisions/047-price-guard-amounts.md): the business's own amounts, their
 * products for a quantity of the conversation (two cakes at R$ 50,00 → R$ 100,00), sums of up to three
 * amounts of the items in play (a cake and its delivery fee), an order's declared total, an allowed
 * percentage off (or of) a true amount, and instalments of a true amount ('3x de 15' for R$ 45). Pure.
 */

/** An item the conversation may be about: its name's words and its amounts (price and options). */
export interface ItemInPlay {
  /** The catalogue item's id (an order names items by id). */
  id?: string;
  name: string;
  cents: readonly number[];
}

export interface TrueAmountsInput {
  /** The business's amounts (catalogue, option prices, the owner's texts). */
  cents: ReadonlySet<number>;
  /** Percentages that may be applied (the owner's, or any when discounts are allowed). */
  percents: (p: number) => boolean;
  /** Quantities of the conversation and of the answer (2…500). */
  quantities: readonly number[];
  /** Amounts whose sums are true: the items named, an order's lines, the answer's own true amounts. */
  summands: readonly number[];
  /** Declared totals (the conversation's orders). */
  totals: readonly number[];
  /** Percentages the answer itself quotes. */
  quotedPercents: readonly number[];
}

/** At most this many quantities and summands are combined (sums of up to three terms stay cheap). */
const MAX_QUANTITIES = 8;
const MAX_SUMMANDS = 16;

export interface TrueAmounts {
  /** The mention is the business's amount or a true total of them. */
  isTrue(mention: PriceMention): boolean;
  /** An amount the answer showed true: later amounts may add it ('35 + 9 = 44, com entrega 49'). */
  learn(cents: number): void;
}

/** Whether amounts (centavos) are true for one answer. */
export function trueAmounts(input: TrueAmountsInput): TrueAmounts {
  const quantities = [...new Set(input.quantities)].filter((q) => q >= 2 && q <= 500).slice(0, MAX_QUANTITIES);
  const totals = new Set(input.totals);
  const summands = [...new Set(input.summands)].filter((c) => c > 0).slice(0, MAX_SUMMANDS);
  let terms: number[] = [];
  let termSet = new Set<number>();
  const makeTerms = () => {
    terms = [...new Set(summands.flatMap((s) => [s, ...quantities.map((q) => s * q)]))];
    termSet = new Set(terms);
  };
  makeTerms();
  const percents = [...new Set(input.quotedPercents)].filter((p) => p > 0 && p < 100 && input.percents(p));

  const known = (a: number) =>
    input.cents.has(a) || totals.has(a) || quantities.some((q) => a % q === 0 && input.cents.has(a / q));
  // Two or three different terms ('bolo 50 + torta 80 + entrega 12'); a term twice is a quantity's job.
  const sum = (a: number) => {
    for (const t1 of terms) {
      if (t1 >= a) continue;
      const rest = a - t1;
      if (rest !== t1 && termSet.has(rest)) return true;
      for (const t2 of terms) {
        const last = rest - t2;
        if (t2 !== t1 && last > 0 && last !== t1 && last !== t2 && termSet.has(last)) return true;
      }
    }
    return false;
  };
  const whole = (a: number) => known(a) || sum(a);
  // 'R$ 90 no Pix (10% off)': a true amount less an allowed percentage, or that percentage of it.
  const percent = (a: number) =>
    percents.some((p) => {
      const before = (a * 100) / (100 - p);
      const part = (a * 100) / p;
      return [Math.floor(before), Math.ceil(before), Math.floor(part), Math.ceil(part)].some(whole);
    });
  const isTrue = (a: number) => whole(a) || percent(a);
  return {
    isTrue(m) {
      if (isTrue(m.cents)) return true;
      if (!m.parts) return false;
      // '3x de R$ 15,00' is a third of a true R$ 45,00 (rounded to the centavo either way).
      for (let k = -(m.parts - 1); k <= m.parts - 1; k++) if (isTrue(m.cents * m.parts + k)) return true;
      return false;
    },
    learn(cents) {
      if (summands.includes(cents) || summands.length >= MAX_SUMMANDS * 2) return;
      summands.push(cents);
      makeTerms();
    },
  };
}

const NOT_NAMES = new Set([
  'com',
  'sem',
  'para',
  'por',
  'dos',
  'das',
  'uma',
  'tipo',
  'kit',
  'de',
  'da',
  'do',
  'e',
  'o',
  'a',
]);
const nameWordsOf = new Map<string, string[]>();
/** The words that name an item (kept: the same names are read for every answer; bounded). */
function nameWords(name: string): string[] {
  let words = nameWordsOf.get(name);
  if (!words) {
    words = normaliseForAmounts(name)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 0 && !NOT_NAMES.has(w));
    if (nameWordsOf.size > 5000) nameWordsOf.clear();
    nameWordsOf.set(name, words);
  }
  return words;
}

/**
 * The amounts of the items a text names: an item is named by a word of its name no other item has
 * ('chocolate' for 'Bolo de chocolate' beside 'Bolo de cenoura'), singular or plural; an item whose
 * every word is shared is named by all of them.
 */
export function namedItemAmounts(text: string, items: readonly ItemInPlay[]): number[] {
  if (items.length === 0) return [];
  const words = normaliseForAmounts(text).split(/[^a-z0-9]+/);
  const wordSet = new Set(words);
  const long = words.filter((w) => w.length >= 4);
  // 'bolos' for 'bolo', 'refri' for 'refrigerante'.
  const said = (w: string) =>
    wordSet.has(w) ||
    wordSet.has(`${w}s`) ||
    wordSet.has(`${w}es`) ||
    wordSet.has(w.replace(/s$/, '')) ||
    (w.length > 4 && long.some((t) => w.startsWith(t)));
  const wordsOf = items.map((i) => nameWords(i.name));
  const seen = new Map<string, number>();
  for (const ws of wordsOf) for (const w of new Set(ws)) seen.set(w, (seen.get(w) ?? 0) + 1);
  const byOwnWord = wordsOf.map((ws) => ws.some((w) => seen.get(w) === 1 && said(w)));
  // An item none of whose own words was said is named by all its shared words ('marmita' names P and
  // G), unless an item sharing them was named by its own word ('marmita G').
  const named = wordsOf.map(
    (ws, k) =>
      byOwnWord[k] ||
      (ws.length > 0 &&
        ws.every(said) &&
        !wordsOf.some((other, j) => byOwnWord[j] && other.some((w) => ws.includes(w) && seen.get(w)! > 1))),
  );
  return items.flatMap((item, k) => (named[k] ? item.cents : []));
}
