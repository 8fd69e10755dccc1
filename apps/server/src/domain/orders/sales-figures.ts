import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

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
  scope: { userId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<{ total: SalesFigures; byDay: Map<string, SalesFigures> }> {
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  const from = sql`${scope.from.toISOString()}::timestamptz`;
  const to = sql`${scope.to.toISOString()}::timestamptz`;
  const rows = resultRows<{ day: string | null; orders: number; paid: number; revenue: string; convs: number }>(
    await db.execute(sql`
      select day::text as day,
        count(*) filter (where kind = 'order')::int as orders,
        count(*) filter (where kind = 'paid')::int as paid,
        coalesce(sum(total) filter (where kind = 'paid'), 0)::bigint as revenue,
        count(distinct conv_id) filter (where kind = 'paid')::int as convs
      from (
        select o.conv_id, 'order' as kind, o.total_cents as total, (o.created_at at time zone ${scope.timeZone})::date as day
        from orders o join conversations c on c.id = o.conv_id
        where o.user_id = ${scope.userId} and o.status <> 'declined' and o.created_at >= ${from} and o.created_at < ${to} ${number}
        union all
        select o.conv_id, 'paid', o.total_cents, (o.paid_at at time zone ${scope.timeZone})::date
        from orders o join conversations c on c.id = o.conv_id
        where o.user_id = ${scope.userId} and o.status = 'paid' and o.paid_at >= ${from} and o.paid_at < ${to} ${number}
      ) e
      group by rollup (day)`),
  );
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
