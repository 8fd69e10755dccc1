import { FUNNEL_MESSAGES, type FunnelMove } from '@vendai/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { resultRows } from '../../db/rows.ts';
import { conversationStages, conversations, funnelStages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { type EventDeps, publishEngineEvents } from '../../domain/engine-events/event-job.ts';

/**
 * A person moves a card to any stage (docs/decisions/043-labels-notes-funnel.md): one statement, the
 * last move wins when two people move it at once. Novo is "no row", so a move there removes the row.
 */
export async function moveCard(
  deps: EventDeps,
  o: { userId: string; actorId: string; convId: string; stageId: string },
): Promise<FunnelMove> {
  const move = await place(deps.db, o);
  // Whoever reacts to a stage listens (docs/decisions/060-events-features-listen.md); nothing does yet.
  await publishEngineEvents(deps, {
    key: `stage:${o.convId}:${o.stageId}`,
    afterBurst: null,
    events: [
      { name: 'stage.changed', payload: { userId: o.userId, convId: o.convId, stageId: o.stageId, movedBy: 'person' } },
    ],
  });
  return move;
}

async function place(db: Db, o: { userId: string; actorId: string; convId: string; stageId: string }) {
  const [stage] = await db
    .select({ kind: funnelStages.kind })
    .from(funnelStages)
    .where(and(eq(funnelStages.id, o.stageId), eq(funnelStages.userId, o.userId)));
  if (!stage) throw notFound(FUNNEL_MESSAGES.stageNotFound);
  const move: FunnelMove = { convId: o.convId, stageId: o.stageId, movedBy: 'person' };
  if (stage.kind === 'novo') {
    await db
      .delete(conversationStages)
      .where(and(eq(conversationStages.convId, o.convId), eq(conversationStages.userId, o.userId)));
    const [conv] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, o.convId), eq(conversations.userId, o.userId), eq(conversations.type, 'chat')));
    if (!conv) throw notFound(FUNNEL_MESSAGES.conversationNotFound);
    return move;
  }
  const rows = await upsert(db, o);
  if (!rows.length) throw notFound(FUNNEL_MESSAGES.conversationNotFound);
  return move;
}

async function upsert(db: Db, o: { userId: string; actorId: string; convId: string; stageId: string }) {
  try {
    return resultRows<{ conv_id: string }>(
      await db.execute(sql`
      insert into conversation_stages (conv_id, user_id, stage_id, moved_by, author_id, moved_at)
      select c.id, c.user_id, ${o.stageId}, 'person', ${o.actorId}, now()
      from conversations c where c.id = ${o.convId} and c.user_id = ${o.userId} and c.type = 'chat'
      on conflict (conv_id) do update
        set stage_id = excluded.stage_id, moved_by = 'person', author_id = excluded.author_id, moved_at = now()
      returning conv_id`),
    );
  } catch (err) {
    // The stage was deleted meanwhile.
    if (pgErrorCode(err) === '23503') throw notFound(FUNNEL_MESSAGES.stageNotFound);
    throw err;
  }
}
