import { sql, type SQL } from 'drizzle-orm';

/**
 * AI-answered messages, read from the stored messages (the engine counts one per reply, when its
 * first part went out): an AI message that was sent and does not follow another AI part in its
 * conversation. Used for the paid plans' counters over the billing period and for the overage
 * (modules/billing). Rows: id, created_at, in time order. Index: messages_user_created_idx.
 */
export function aiAnswersSql(userId: string, from: Date, to: Date): SQL {
  return sql`select id, created_at from (
      select m.id, m.created_at, m.author, m.status,
             lag(m.author) over (partition by m.conv_id order by m.created_at, m.id) as previous_author
      from messages m
      where m.user_id = ${userId} and m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
    ) x
    where x.author = 'ai' and x.status in ('sent', 'delivered', 'read') and x.previous_author is distinct from 'ai'`;
}

export function countAiAnswersSql(userId: string, from: Date, to: Date): SQL {
  return sql`select count(*)::int as n from (${aiAnswersSql(userId, from, to)}) a`;
}
