import { type SQL, sql } from 'drizzle-orm';

/**
 * The 'paid' rule's fact for automatic sends (docs/decisions/046-one-door-out.md), as a boolean SQL
 * expression over a conversation id: the customer paid an order since they last wrote (they were
 * told the order is confirmed: a 'still interested?' touch would be absurd), or the conversation's card
 * stands in 'Pago' or 'Perdido' in the funnel (a closed deal, decision 043). Each path puts it in the
 * statement it already runs.
 */
export function paidOrClosedSql(convId: SQL): SQL {
  return sql`(exists (select 1 from orders o where o.conv_id = ${convId} and o.paid_at is not null
                 and o.paid_at >= coalesce((select max(m.created_at) from messages m
                                            where m.conv_id = ${convId} and m.direction = 'in'), 'epoch'))
     or exists (select 1 from conversation_stages cs join funnel_stages fs on fs.id = cs.stage_id
                where cs.conv_id = ${convId} and fs.kind in ('pago', 'perdido')))`;
}
