import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { funnelStages } from '../../db/schema/index.ts';

export type FunnelStageRow = typeof funnelStages.$inferSelect;

/** The account's stages by position. */
export async function selectStages(db: Db, userId: string): Promise<FunnelStageRow[]> {
  return db.select().from(funnelStages).where(eq(funnelStages.userId, userId)).orderBy(asc(funnelStages.position));
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
export async function insertAgendadoBeforePago(db: Db, userId: string, name: string): Promise<void> {
  await db.execute(sql`
    with pago as (select position from funnel_stages where user_id = ${userId} and kind = 'pago'),
    added as (
      insert into funnel_stages (user_id, kind, name, position)
      select ${userId}, 'agendado', ${name}, pago.position from pago
      on conflict do nothing
      returning id, position
    )
    update funnel_stages set position = position + 1
    where user_id = ${userId} and position >= (select position from added)`);
}
