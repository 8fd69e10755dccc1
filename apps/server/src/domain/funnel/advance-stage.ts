import { FUNNEL_BUILT_IN_STAGES, type FunnelAiStageKind, type RealtimeEvent } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { type EventDeps, publishEngineEvents } from '../engine-events/event-job.ts';

export interface AdvanceDeps {
  db: Db;
  /** The realtime hub (tells the account's open boards; never throws). */
  realtime: { publish(userId: string, event: RealtimeEvent): Promise<void> };
  log: { warn(obj: object, msg: string): void };
  /** Where 'stage.changed' is published (docs/decisions/060-events-features-listen.md); absent: not published. */
  publish?: EventDeps;
}

/**
 * The AI's move of a card, from its signals (a hot lead → Qualificado, a Pix charge sent → Orçamento,
 * a booking made → Agendado, paid → Pago; docs/decisions/043-labels-notes-funnel.md, 069-agenda.md). Forward only: a card already at that stage
 * or one after it on the board (by position, whoever put it there) stays.
 *
 * One statement. `builtins` creates the five built-in stages when the account never had them and
 * otherwise reads them back through a no-op update, which returns the latest committed rows — also those
 * another transaction created after this statement began (a plain read would not see them, and a card
 * moved there meanwhile would look like it is nowhere); Agendado, not a built-in of every account, is read
 * from the table (created before, see ensureAgendadoStage; absent: nothing moves). The card's row is inserted, or updated only while
 * its stage is before the target: re-checked on the locked, latest row, so concurrent moves never go
 * backwards. Idempotent. True when the card moved. Never throws: the signal's own work is done already.
 */
export async function advanceStage(
  deps: AdvanceDeps,
  o: { userId: string; convId: string; to: FunnelAiStageKind },
): Promise<boolean> {
  const values = sql.join(
    FUNNEL_BUILT_IN_STAGES.map((b, i) => sql`(${o.userId}, ${b.kind}, ${b.name}, ${i}::int)`),
    sql`, `,
  );
  try {
    const [moved] = resultRows<{ stage_id: string }>(
      await deps.db.execute(sql`
        with builtins as (
          insert into funnel_stages (user_id, kind, name, position) values ${values}
          on conflict (user_id, kind) where kind <> 'custom' do update set kind = excluded.kind
          returning id, kind, position
        ), target as (
          select id, position from builtins where kind = ${o.to}
          union all
          select id, position from funnel_stages
          where user_id = ${o.userId} and kind = ${o.to} and not exists (select 1 from builtins where kind = ${o.to})
        )
        insert into conversation_stages (conv_id, user_id, stage_id, moved_by, author_id, moved_at)
        select c.id, c.user_id, target.id, 'ai', null, now()
        from conversations c cross join target
        where c.id = ${o.convId} and c.user_id = ${o.userId}
        on conflict (conv_id) do update
          set stage_id = excluded.stage_id, moved_by = 'ai', author_id = null, moved_at = now()
          where coalesce(
              (select b.position from builtins b where b.id = conversation_stages.stage_id),
              (select s.position from funnel_stages s where s.id = conversation_stages.stage_id)
            ) < (select position from target)
        returning stage_id`),
    );
    if (!moved) return false;
    await deps.realtime.publish(o.userId, {
      event: 'funnel.moved',
      data: { convId: o.convId, stageId: moved.stage_id, movedBy: 'ai' },
    });
    if (deps.publish)
      await publishEngineEvents(deps.publish, {
        key: `stage:${o.convId}:${moved.stage_id}`,
        afterBurst: null,
        events: [
          {
            name: 'stage.changed',
            payload: { userId: o.userId, convId: o.convId, stageId: moved.stage_id, movedBy: 'ai' },
          },
        ],
      });
    return true;
  } catch (err) {
    deps.log.warn({ err, convId: o.convId, to: o.to }, 'funnel: the AI could not move the card');
    return false;
  }
}
