import type { FunnelAiStageKind, RealtimeEvent } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { type EventDeps, publishEngineEvents } from '../engine-events/event-job.ts';
import { moveCardForward } from './stages-repository.ts';

export interface AdvanceDeps {
  db: Db;
  /** The realtime hub (tells the account's open boards; never throws). */
  realtime: { publish(accountId: string, event: RealtimeEvent): Promise<void> };
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
  o: { accountId: string; convId: string; to: FunnelAiStageKind },
): Promise<boolean> {
  try {
    const stageId = await moveCardForward(deps.db, o);
    if (!stageId) return false;
    await deps.realtime.publish(o.accountId, {
      event: 'funnel.moved',
      data: { convId: o.convId, stageId, movedBy: 'ai' },
    });
    if (deps.publish)
      await publishEngineEvents(deps.publish, {
        key: `stage:${o.convId}:${stageId}`,
        afterBurst: null,
        events: [
          {
            name: 'stage.changed',
            payload: { userId: o.accountId, convId: o.convId, stageId, movedBy: 'ai' },
          },
        ],
      });
    return true;
  } catch (err) {
    deps.log.warn({ err, convId: o.convId, to: o.to }, 'funnel: the AI could not move the card');
    return false;
  }
}
