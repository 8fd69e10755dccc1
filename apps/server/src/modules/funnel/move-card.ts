import { FUNNEL_MESSAGES, type FunnelMove } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { notFound } from '../../lib/app-error.ts';
import { type EventDeps, publishEngineEvents } from '../../domain/engine-events/event-job.ts';
import { chatExists, deleteConversationStage, findStageKind, upsertPersonStage } from './funnel-repository.ts';

/**
 * A person moves a card to any stage (docs/decisions/043-labels-notes-funnel.md): one statement, the
 * last move wins when two people move it at once. Novo is "no row", so a move there removes the row.
 */
export async function moveCard(
  deps: EventDeps,
  o: { accountId: string; actorId: string; convId: string; stageId: string },
): Promise<FunnelMove> {
  const move = await place(deps.db, o);
  // Whoever reacts to a stage listens (docs/decisions/060-events-features-listen.md); nothing does yet.
  await publishEngineEvents(deps, {
    key: `stage:${o.convId}:${o.stageId}`,
    afterBurst: null,
    events: [
      {
        name: 'stage.changed',
        payload: { userId: o.accountId, convId: o.convId, stageId: o.stageId, movedBy: 'person' },
      },
    ],
  });
  return move;
}

async function place(db: Db, o: { accountId: string; actorId: string; convId: string; stageId: string }) {
  const kind = await findStageKind(db, o.accountId, o.stageId);
  if (!kind) throw notFound(FUNNEL_MESSAGES.stageNotFound);
  const move: FunnelMove = { convId: o.convId, stageId: o.stageId, movedBy: 'person' };
  if (kind === 'novo') {
    await deleteConversationStage(db, o.accountId, o.convId);
    if (!(await chatExists(db, o.accountId, o.convId))) throw notFound(FUNNEL_MESSAGES.conversationNotFound);
    return move;
  }
  const rows = await upsert(db, o);
  if (!rows.length) throw notFound(FUNNEL_MESSAGES.conversationNotFound);
  return move;
}

async function upsert(db: Db, o: { accountId: string; actorId: string; convId: string; stageId: string }) {
  try {
    return await upsertPersonStage(db, o);
  } catch (err) {
    // The stage was deleted meanwhile.
    if (pgErrorCode(err) === '23503') throw notFound(FUNNEL_MESSAGES.stageNotFound);
    throw err;
  }
}
