import type { Db } from '../../db/client.ts';
import { countSales } from './orders-repository.ts';

/** Resultados' sales through Pix (docs/decisions/038-pix-charges.md). */
export interface SalesFigures {
  /** Orders created (the AI's and 'Cobrar com Pix'; not those the owner declined). */
  orders: number;
  /** Orders paid in the period (refunded ones no longer count). */
  paidOrders: number;
  /** What those paid, in centavos. */
  revenueCents: number;
  /** Conversations with a paid order: the conversion's numerator (conversations → paid orders). */
  paidConversations: number;
}

const ZERO: SalesFigures = { orders: 0, paidOrders: 0, revenueCents: 0, paidConversations: 0 };

/**
 * Orders created and orders paid in [from, to), per local day (of the creation, of the payment) and for
 * the whole period, for the account or one of its numbers.
 */
export async function salesFigures(
  db: Db,
  scope: { accountId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<{ total: SalesFigures; byDay: Map<string, SalesFigures> }> {
  const rows = await countSales(db, scope);
  const byDay = new Map<string, SalesFigures>();
  let total = ZERO;
  for (const r of rows) {
    const f = {
      orders: Number(r.orders),
      paidOrders: Number(r.paid),
      revenueCents: Number(r.revenue),
      paidConversations: Number(r.convs),
    };
    if (r.day === null) total = f;
    else byDay.set(r.day.slice(0, 10), f);
  }
  return { total, byDay };
}
