import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { isOwnerChannelSql } from '../../domain/phones/owner-channel.ts';

export interface OwnerChannelRow {
  id: string;
  from: 'alert' | 'reply';
  at: string;
  text: string;
  status: 'pending' | 'sent' | 'failed' | null;
  conv_id: string | null;
  contact_name: string | null;
}

/**
 * The latest alerts sent (or being sent) to the owner's WhatsApp and the owner's own messages on the
 * owner's chats (any of the account's numbers), newest first, `limit` in all.
 */
export async function selectOwnerChannel(db: Db, accountId: string, limit: number): Promise<OwnerChannelRow[]> {
  const at = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  return resultRows<OwnerChannelRow>(
    await db.execute(sql`
      select * from (
        (select a.id, 'alert' as "from", ${at('a.created_at')} as at, a.created_at as sort_at, a.text, a.status,
                a.conv_id, c.contact_name
         from owner_alerts a left join conversations c on c.id = a.conv_id
         where a.user_id = ${accountId} and a.to_phone is not null
         order by a.created_at desc limit ${limit})
        union all
        (select m.id, 'reply' as "from", ${at('m.created_at')} as at, m.created_at as sort_at, coalesce(m.content, '') as text,
                null as status, null as conv_id, null as contact_name
         from messages m join conversations oc on oc.id = m.conv_id
         where m.user_id = ${accountId} and oc.user_id = ${accountId} and m.direction = 'in' and m.deleted_at is null
           and ${isOwnerChannelSql({ userId: sql`oc.user_id`, contactPhone: sql`oc.contact_phone` })}
         order by m.created_at desc limit ${limit})
      ) items order by sort_at desc, id desc limit ${limit}`),
  );
}
