import type { FunnelCard } from '@vendai/contracts';
import type { FunnelStageRow } from '../../domain/funnel/stages-repository.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversationStages, conversations, funnelStages } from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import { notOwnerChannelSql } from '../../domain/phones/owner-channel.ts';

/** The board's rows: chats only (groups are no sales), every query scoped by the account. */

/** Conversations per stage now; those with no row (Novo) under `null`. */
export async function countByStage(db: Db, accountId: string): Promise<Map<string | null, number>> {
  const rows = resultRows<{ stage_id: string | null; n: number }>(
    await db.execute(sql`
      select cs.stage_id, count(*)::int as n
      from conversations c left join conversation_stages cs on cs.conv_id = c.id
      where c.user_id = ${accountId} and c.type = 'chat' and ${notOwnerChannelSql('c')}
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
  accountId: string,
  stageId: string,
): Promise<(typeof funnelStages.$inferSelect)['kind'] | null> {
  const [stage] = await db
    .select({ kind: funnelStages.kind })
    .from(funnelStages)
    .where(and(eq(funnelStages.id, stageId), eq(funnelStages.userId, accountId)));
  return stage?.kind ?? null;
}

/** Back to Novo: the conversation's stage row goes (Novo is "no row"). */
export async function deleteConversationStage(db: Db, accountId: string, convId: string): Promise<void> {
  await db
    .delete(conversationStages)
    .where(and(eq(conversationStages.convId, convId), eq(conversationStages.userId, accountId)));
}

/** True when the account has a chat (not a group) with this id. */
export async function chatExists(db: Db, accountId: string, convId: string): Promise<boolean> {
  const [conv] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId), eq(conversations.type, 'chat')));
  return conv !== undefined;
}

/**
 * A person places the account's chat in a stage: one statement, the last move wins. Returns the placed
 * conversation ids (none when the account has no such chat); a stage deleted meanwhile is a foreign-key
 * violation (23503) the caller translates.
 */
export async function upsertPersonStage(
  db: Db,
  o: { accountId: string; actorId: string; convId: string; stageId: string },
): Promise<{ conv_id: string }[]> {
  return resultRows<{ conv_id: string }>(
    await db.execute(sql`
      insert into conversation_stages (conv_id, user_id, stage_id, moved_by, author_id, moved_at)
      select c.id, c.user_id, ${o.stageId}, 'person', ${o.actorId}, now()
      from conversations c where c.id = ${o.convId} and c.user_id = ${o.accountId} and c.type = 'chat'
      on conflict (conv_id) do update
        set stage_id = excluded.stage_id, moved_by = 'person', author_id = excluded.author_id, moved_at = now()
      returning conv_id`),
  );
}

/** A new custom stage at `position`; the Perdido stage `shift` (when given) first moves one place right. */
export async function insertCustomStage(
  db: Db,
  o: { userId: string; name: string; position: number; shift?: { id: string; position: number } },
): Promise<FunnelStageRow> {
  return db.transaction(async (tx) => {
    if (o.shift)
      await tx.update(funnelStages).set({ position: o.shift.position }).where(eq(funnelStages.id, o.shift.id));
    const [row] = await tx
      .insert(funnelStages)
      .values({ userId: o.userId, kind: 'custom', name: o.name, position: o.position })
      .returning();
    return row!;
  });
}

/** The renamed stage, or null when the account has no stage with this id. */
export async function renameStageRow(
  db: Db,
  accountId: string,
  id: string,
  name: string,
): Promise<FunnelStageRow | null> {
  const [row] = await db
    .update(funnelStages)
    .set({ name })
    .where(and(eq(funnelStages.id, id), eq(funnelStages.userId, accountId)))
    .returning();
  return row ?? null;
}

export async function deleteStageRow(db: Db, accountId: string, id: string): Promise<void> {
  await db.delete(funnelStages).where(and(eq(funnelStages.id, id), eq(funnelStages.userId, accountId)));
}

/** Every listed stage of the account takes its index as position (one statement). */
export async function setStagePositions(db: Db, accountId: string, stageIds: string[]): Promise<void> {
  const values = sql.join(
    stageIds.map((id, i) => sql`(${id}::uuid, ${i}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update funnel_stages s set position = v.position from (values ${values}) as v(id, position)
    where s.id = v.id and s.user_id = ${accountId}`);
}
