import { FUNNEL_BUILT_IN_STAGES, type FunnelAiStageKind } from '@vendai/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { funnelStages } from '../../db/schema/index.ts';

export type FunnelStageRow = typeof funnelStages.$inferSelect;

/** The account's stages by position. */
export async function selectStages(db: Db, accountId: string): Promise<FunnelStageRow[]> {
  return db.select().from(funnelStages).where(eq(funnelStages.userId, accountId)).orderBy(asc(funnelStages.position));
}

/** Inserts stages; one that meets an existing row (same account and kind) does nothing. */
export async function insertStagesIfMissing(
  db: Db,
  rows: { userId: string; kind: FunnelStageRow['kind']; name: string; position: number }[],
): Promise<void> {
  await db.insert(funnelStages).values(rows).onConflictDoNothing();
}

/**
 * Adds the account's Agendado stage just before Pago and moves Pago and every later stage one place on, in
 * one statement (docs/decisions/069-agenda.md, "The funnel's Agendado"). When it exists already (another
 * booking created it, even at the same moment: the unique kind waits for it) nothing changes.
 */
export async function insertAgendadoBeforePago(db: Db, accountId: string, name: string): Promise<void> {
  await db.execute(sql`
    with pago as (select position from funnel_stages where user_id = ${accountId} and kind = 'pago'),
    added as (
      insert into funnel_stages (user_id, kind, name, position)
      select ${accountId}, 'agendado', ${name}, pago.position from pago
      on conflict do nothing
      returning id, position
    )
    update funnel_stages set position = position + 1
    where user_id = ${accountId} and position >= (select position from added)`);
}

/**
 * Moves the card forward to the stage of kind `to` in one statement (advance-stage.ts says why it is
 * built so): the built-ins created or read back, the card inserted or moved only while its stage is
 * before the target. The stage it moved to, or null when it stayed.
 */
export async function moveCardForward(
  db: Db,
  o: { accountId: string; convId: string; to: FunnelAiStageKind },
): Promise<string | null> {
  const values = sql.join(
    FUNNEL_BUILT_IN_STAGES.map((b, i) => sql`(${o.accountId}, ${b.kind}, ${b.name}, ${i}::int)`),
    sql`, `,
  );
  const [moved] = resultRows<{ stage_id: string }>(
    await db.execute(sql`
        with builtins as (
          insert into funnel_stages (user_id, kind, name, position) values ${values}
          on conflict (user_id, kind) where kind <> 'custom' do update set kind = excluded.kind
          returning id, kind, position
        ), target as (
          select id, position from builtins where kind = ${o.to}
          union all
          select id, position from funnel_stages
          where user_id = ${o.accountId} and kind = ${o.to} and not exists (select 1 from builtins where kind = ${o.to})
        )
        insert into conversation_stages (conv_id, user_id, stage_id, moved_by, author_id, moved_at)
        select c.id, c.user_id, target.id, 'ai', null, now()
        from conversations c cross join target
        where c.id = ${o.convId} and c.user_id = ${o.accountId}
        on conflict (conv_id) do update
          set stage_id = excluded.stage_id, moved_by = 'ai', author_id = null, moved_at = now()
          where coalesce(
              (select b.position from builtins b where b.id = conversation_stages.stage_id),
              (select s.position from funnel_stages s where s.id = conversation_stages.stage_id)
            ) < (select position from target)
        returning stage_id`),
  );
  return moved?.stage_id ?? null;
}

/** Conversations (chats) started in the scope, by the local day of their start and their stage now (null: none). */
export async function countChatsByDayAndStage(
  db: Db,
  scope: { accountId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<{ day: string; stage_id: string | null; n: number }[]> {
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  return resultRows<{ day: string; stage_id: string | null; n: number }>(
    await db.execute(sql`
      select ((c.created_at at time zone ${scope.timeZone})::date)::text as day, cs.stage_id, count(*)::int as n
      from conversations c left join conversation_stages cs on cs.conv_id = c.id
      where c.user_id = ${scope.accountId} and c.type = 'chat'
        and c.created_at >= ${scope.from.toISOString()}::timestamptz and c.created_at < ${scope.to.toISOString()}::timestamptz
        ${number}
      group by 1, 2`),
  );
}
