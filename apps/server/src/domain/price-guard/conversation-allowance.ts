import type { AllowedAmounts } from './check-reply.ts';
import { readPrices } from './extract-amounts.ts';
import { type ItemInPlay, namedItemAmounts } from './true-amounts.ts';

/** More fees than this (amounts of the owner's texts) are not summed: a long price list is no fee list. */
const MAX_FEES = 8;

export interface ConversationFacts {
  /** The conversation's recent messages (both sides). */
  conversation: string;
  /** The products among the reply's facts. */
  items: readonly ItemInPlay[];
  /** Amounts of the owner's texts (prompt, training answers, knowledge): delivery fees and the like. */
  fees: readonly number[];
  /** The conversation's orders. */
  orders: readonly { totalCents: number; lines: readonly { quantity: number; unitCents: number }[] }[];
}

/**
 * What makes a total true in this conversation (docs/decisions/047-price-guard-amounts.md): the
 * quantities it names, the amounts of the items it names and of the owner's few fees (their sums), and
 * its orders' declared totals. Pure; the engine's loader and the price corpus test both build it here.
 */
export function conversationAllowance(
  c: ConversationFacts,
): Required<Pick<AllowedAmounts, 'quantities' | 'related' | 'totals' | 'items'>> {
  const fees = [...new Set(c.fees)];
  return {
    quantities: [...readPrices(c.conversation).quantities, ...c.orders.flatMap((o) => o.lines.map((l) => l.quantity))],
    related: [
      ...namedItemAmounts(c.conversation, c.items),
      ...c.orders.flatMap((o) => o.lines.map((l) => l.unitCents)),
      ...(fees.length <= MAX_FEES ? fees : []),
    ],
    totals: c.orders.map((o) => o.totalCents),
    items: c.items,
  };
}
