import { formatCents } from '@vendai/contracts';
import { extractAmounts, extractPercents, normaliseForAmounts, readPrices } from './extract-amounts.ts';
import { type ItemInPlay, namedItemAmounts, trueAmounts } from './true-amounts.ts';

/**
 * The price guard's rule (docs/decisions/025-catalogue-and-price-guard.md): every amount in an AI
 * answer must be one of the business's amounts (catalogue prices, option prices, amounts the owner
 * wrote in the training answers, the prompt or the knowledge base); a discount is allowed only when the
 * owner allowed it (the agent, a product among the facts, or the owner's own texts offering it). What
 * counts as an amount and which totals are true: docs/decisions/047-price-guard-amounts.md. Pure.
 */

export interface AllowedAmounts {
  /** Amounts in centavos that may be quoted. */
  cents: ReadonlySet<number>;
  /** Percentages the owner wrote ('10% no Pix'): quoting them is not an invented discount. */
  percents: ReadonlySet<number>;
  /** The owner allows the AI to offer discounts. */
  discountsAllowed: boolean;
  /**
   * The conversation, when known (decision 047): its quantities ('2 bolos'), the amounts of the items it
   * names (their sums are true), and its orders' declared totals. Without them only the business's own
   * amounts, and their products for the quantities the answer itself names, are true.
   */
  quantities?: readonly number[];
  related?: readonly number[];
  totals?: readonly number[];
  /** The items the answer may name (the reply's facts): a named item's amounts may be summed too. */
  items?: readonly ItemInPlay[];
}

export type GuardVerdict =
  | { ok: true }
  | {
      ok: false;
      /** Amounts in the answer that are not among the business's amounts, in centavos. */
      unknownCents: number[];
      /** The answer offered a discount the owner did not allow. */
      discount: boolean;
      /** For the AI's second attempt (pt-BR). */
      reason: string;
    };

const DISCOUNT_WORDS = /\b(desconto|descontos|descontinho|abatimento|off|cupom|promocao|promocional)\b/;
const OFFER_WORDS =
  /\b(dar|dou|damos|daria|faco|fazemos|faria|fazer|consigo|conseguimos|posso|podemos|libero|liberamos|liberar|aplico|aplicamos|aplicar|ganha|ganhar|tem|temos|oferecemos|ofereco|rola|sai)\b/;
const NEGATION_WORDS = /\b(nao|sem|nenhum|nenhuma|nunca|infelizmente)\b/;

/**
 * The discounts a text offers: percentages in a sentence about a discount ('10% de desconto',
 * 'dez por cento off'), and whether it offers one at all ('consigo te dar um desconto'; 'não temos
 * desconto' is no offer).
 */
export function findDiscounts(text: string): { offered: boolean; percents: number[] } {
  let offered = false;
  const percents: number[] = [];
  for (const sentence of normaliseForAmounts(text).split(/[.!?\n;]+/)) {
    const word = DISCOUNT_WORDS.exec(sentence);
    if (!word) continue;
    const found = extractPercents(sentence);
    percents.push(...found);
    const before = sentence.slice(0, word.index);
    if (found.length > 0 || (OFFER_WORDS.test(before) && !NEGATION_WORDS.test(before))) offered = true;
  }
  return { offered, percents };
}

/** The amounts and percentages a text of the owner's provides (training answers, prompt, passages). */
export function ownerTextAmounts(text: string): { cents: number[]; percents: number[]; offersDiscount: boolean } {
  const discounts = findDiscounts(text);
  return { cents: extractAmounts(text), percents: extractPercents(text), offersDiscount: discounts.offered };
}

/**
 * The answer's amounts that are neither the business's nor true totals of them, distinct, in order. An
 * amount shown true is a summand for the amounts after it, and the running sum of the true amounts since
 * the last total is true too ('bolo 50 + torta 80 + entrega 12 = 142').
 */
function unknownAmounts(
  reply: string,
  read: ReturnType<typeof readPrices>,
  allowed: AllowedAmounts,
  discountPercents: readonly number[],
): number[] {
  if (read.mentions.every((m) => allowed.cents.has(m.cents))) return [];
  const truth = trueAmounts({
    cents: allowed.cents,
    percents: (p) => allowed.discountsAllowed || allowed.percents.has(p),
    quantities: [...(allowed.quantities ?? []), ...read.quantities],
    summands: [
      ...read.mentions.filter((m) => allowed.cents.has(m.cents)).map((m) => m.cents),
      ...(allowed.related ?? []),
      ...namedItemAmounts(reply, allowed.items ?? []),
    ],
    totals: allowed.totals ?? [],
    quotedPercents: [...discountPercents, ...extractPercents(reply)],
  });
  const unknown: number[] = [];
  let running = 0;
  for (const m of read.mentions) {
    const isTotal = m.cents === running && running > 0;
    if (!isTotal && !allowed.cents.has(m.cents) && !truth.isTrue(m)) {
      if (!unknown.includes(m.cents)) unknown.push(m.cents);
      continue;
    }
    // Only the business's amounts and running totals add to later sums: an amount that is itself a sum
    // does not make more sums true.
    if (isTotal || allowed.cents.has(m.cents)) truth.learn(m.cents);
    running = isTotal ? m.cents : running + m.cents * (m.parts ?? 1);
  }
  return unknown;
}

/** Checks one answer against the allowed amounts. */
export function checkReply(reply: string, allowed: AllowedAmounts): GuardVerdict {
  const read = readPrices(reply);
  const discounts = findDiscounts(reply);
  const unknownCents = unknownAmounts(reply, read, allowed, discounts.percents);
  const discount =
    discounts.offered &&
    !allowed.discountsAllowed &&
    (discounts.percents.length === 0 || discounts.percents.some((p) => !allowed.percents.has(p)));
  if (unknownCents.length === 0 && !discount) return { ok: true };
  const reasons: string[] = [];
  if (unknownCents.length > 0)
    reasons.push(
      `A resposta citou ${unknownCents.map(formatCents).join(', ')}, que não está entre os preços do catálogo nem nas informações do negócio.`,
    );
  if (discount) reasons.push('A resposta ofereceu um desconto que o dono do negócio não autorizou.');
  reasons.push(
    'Reescreva a resposta usando somente os valores que aparecem nas informações do negócio, sem inventar preços, totais ou descontos. Se o valor pedido não estiver lá, diga que vai confirmar e já responde.',
  );
  return { ok: false, unknownCents, discount, reason: reasons.join(' ') };
}
