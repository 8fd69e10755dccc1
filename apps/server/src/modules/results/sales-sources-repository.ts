import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** One source's figures as the database answers them (counts may come back as strings). */
export interface SalesSourceSqlRow {
  kind: 'ad' | 'link' | 'direct';
  source_key: string;
  label: string | null;
  conversations: number | string;
  qualified: number | string;
  orders: number | string;
  paid: number | string;
  revenue: number | string;
  free_entry: number | string;
  cost_cents: number | string | null;
}

/**
 * 'Origem das vendas' in one statement (docs/decisions/071-ad-attribution.md). A conversation belongs to its
 * first touch (`conversation_sources`' earliest row: the ad or link that brought the customer), else to
 * 'Direto'. Per source: the conversations whose first touch (or start, for 'Direto') is in [from, to), of those
 * the qualified ones (a hot-lead alert, or a funnel stage from Qualificado on), the orders created and the orders
 * paid in [from, to) with their revenue, and the conversations that opened Meta's free entry point window.
 */
export async function salesSourceRows(
  db: Db,
  scope: { userId: string; numberId: string | null; from: Date; to: Date },
): Promise<SalesSourceSqlRow[]> {
  const from = sql`${scope.from.toISOString()}::timestamptz`;
  const to = sql`${scope.to.toISOString()}::timestamptz`;
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  return resultRows<SalesSourceSqlRow>(
    await db.execute(sql`
      with first_touch as (
        select distinct on (s.conversation_id) s.conversation_id, s.kind, s.source_key, s.received_at,
               s.free_entry_until is not null as free_entry
        from conversation_sources s where s.user_id = ${scope.userId}
        order by s.conversation_id, s.received_at, s.id
      ), conv as (
        select c.id, coalesce(f.kind, 'direct') as kind, coalesce(f.source_key, '') as source_key,
               coalesce(f.received_at, c.created_at) as started_at, coalesce(f.free_entry, false) as free_entry
        from conversations c left join first_touch f on f.conversation_id = c.id
        where c.user_id = ${scope.userId} and c.type = 'chat' and c.created_at < ${to} ${number}
      ), cohort as (
        select conv.kind, conv.source_key, count(*) as conversations,
          count(*) filter (where
            exists (select 1 from conversation_stages cs join funnel_stages fs on fs.id = cs.stage_id
                    where cs.conv_id = conv.id and fs.kind in ('qualificado', 'orcamento', 'agendado', 'pago'))
            or exists (select 1 from owner_alerts a where a.conv_id = conv.id and a.kind = 'hot_lead')) as qualified,
          count(*) filter (where conv.free_entry) as free_entry
        from conv where conv.started_at >= ${from} and conv.started_at < ${to}
        group by 1, 2
      ), sales as (
        select conv.kind, conv.source_key,
          count(*) filter (where o.status <> 'declined' and o.created_at >= ${from} and o.created_at < ${to}) as orders,
          count(*) filter (where o.status = 'paid' and o.paid_at >= ${from} and o.paid_at < ${to}) as paid,
          coalesce(sum(o.total_cents) filter (where o.status = 'paid' and o.paid_at >= ${from} and o.paid_at < ${to}), 0) as revenue
        from orders o join conv on conv.id = o.conv_id
        where o.user_id = ${scope.userId}
          and ((o.created_at >= ${from} and o.created_at < ${to}) or (o.paid_at >= ${from} and o.paid_at < ${to}))
        group by 1, 2
      ), keys as (
        select kind, source_key from cohort union select kind, source_key from sales
      )
      select k.kind, k.source_key,
        case k.kind
          when 'link' then coalesce((select l.name from source_links l where l.user_id = ${scope.userId} and l.id::text = k.source_key),
                                    (select s.headline from conversation_sources s where s.user_id = ${scope.userId} and s.kind = 'link' and s.source_key = k.source_key order by s.received_at desc limit 1))
          when 'ad' then (select s.headline from conversation_sources s where s.user_id = ${scope.userId} and s.kind = 'ad'
                          and s.source_key = k.source_key and s.headline is not null order by s.received_at desc limit 1)
        end as label,
        coalesce(co.conversations, 0)::int as conversations, coalesce(co.qualified, 0)::int as qualified,
        coalesce(sa.orders, 0)::int as orders, coalesce(sa.paid, 0)::int as paid, coalesce(sa.revenue, 0)::bigint as revenue,
        coalesce(co.free_entry, 0)::int as free_entry, sc.cost_cents
      from keys k
      left join cohort co on co.kind = k.kind and co.source_key = k.source_key
      left join sales sa on sa.kind = k.kind and sa.source_key = k.source_key
      left join source_costs sc on sc.user_id = ${scope.userId} and sc.kind = k.kind and sc.source_key = k.source_key
      order by revenue desc, conversations desc, k.kind, k.source_key`),
  );
}

/** What the owner says a source cost (all of it); null clears it. */
export async function saveSourceCost(
  db: Db,
  accountId: string,
  input: { kind: 'ad' | 'link'; sourceKey: string; costCents: number | null },
): Promise<void> {
  if (input.costCents === null) {
    await db.execute(
      sql`delete from source_costs where user_id = ${accountId} and kind = ${input.kind} and source_key = ${input.sourceKey}`,
    );
    return;
  }
  await db.execute(sql`
    insert into source_costs (user_id, kind, source_key, cost_cents, updated_at)
    values (${accountId}, ${input.kind}, ${input.sourceKey}, ${input.costCents}, now())
    on conflict (user_id, kind, source_key) do update set cost_cents = excluded.cost_cents, updated_at = now()`);
}
