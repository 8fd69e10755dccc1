import type { FunnelCard } from '@vendai/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { funnelStages } from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import { notOwnerChannelSql } from '../../domain/phones/owner-channel.ts';

/** The board's rows: chats only (groups are no sales), every query scoped by the account. */

/** Conversations per stage now; those with no row (Novo) under `null`. */
export async function countByStage(db: Db, userId: string): Promise<Map<string | null, number>> {
  const rows = resultRows<{ stage_id: string | null; n: number }>(
    await db.execute(sql`
      select cs.stage_id, count(*)::int as n
      from conversations c left join conversation_stages cs on cs.conv_id = c.id
      where c.user_id = ${userId} and c.type = 'chat' and ${notOwnerChannelSql('c')}
      group by cs.stage_id`),
  );
  return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
}

type CardRow = {
  id: string;
  contact_name: string | null;
  contact_phone: string | null;
  last_message: string;
  preview: string | null;
  moved_by: 'ai' | 'person' | null;
};

/**
 * One column's cards, latest message first (then id), `limit` rows after `after`. Novo (stageId null)
 * reads the inbox's own index (conversations without a stage row); another stage its stage index.
 */
export async function selectCards(
  db: Db,
  o: { userId: string; stageId: string | null; after: KeysetPosition | null; limit: number },
): Promise<(FunnelCard & { key: string })[]> {
  const after = o.after ? sql`and (c.last_message, c.id) < (${o.after.at}::timestamptz, ${o.after.id}::uuid)` : sql``;
  const columns = sql`c.id, c.contact_name, c.contact_phone, c.last_message_preview as preview,
    to_char(c.last_message at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_message`;
  const rows = resultRows<CardRow>(
    await db.execute(
      o.stageId
        ? sql`select ${columns}, cs.moved_by from conversation_stages cs join conversations c on c.id = cs.conv_id
            where cs.user_id = ${o.userId} and cs.stage_id = ${o.stageId} and c.type = 'chat' ${after}
              and ${notOwnerChannelSql('c')}
            order by c.last_message desc, c.id desc limit ${o.limit}`
        : sql`select ${columns}, null as moved_by from conversations c
            where c.user_id = ${o.userId} and c.type = 'chat' ${after} and ${notOwnerChannelSql('c')}
              and not exists (select 1 from conversation_stages cs where cs.conv_id = c.id)
            order by c.last_message desc, c.id desc limit ${o.limit}`,
    ),
  );
  return rows.map((r) => ({
    convId: r.id,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    lastMessageAt: new Date(r.last_message).toISOString(),
    lastMessagePreview: r.preview,
    movedBy: r.moved_by,
    key: r.last_message,
  }));
}

/** The kind of one of the account's stages, or null when the account has no stage with this id. */
export async function findStageKind(
  db: Db,
  userId: string,
  stageId: string,
): Promise<(typeof funnelStages.$inferSelect)['kind'] | null> {
  const [stage] = await db
    .select({ kind: funnelStages.kind })
    .from(funnelStages)
    .where(and(eq(funnelStages.id, stageId), eq(funnelStages.userId, userId)));
  return stage?.kind ?? null;
}
