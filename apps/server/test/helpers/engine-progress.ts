/**
 * "The engine has nothing left to do for this number", read from the database: the wait that replaces
 * fixed sleeps in the engine tests (engine-test.ts) and in the browser journeys (the e2e harness
 * answers it over its control port). No vitest here: the e2e harness imports it too.
 *
 * Idle means every message the simulated customers sent to the number has reached the server (its
 * id is in gateway_events), every gateway event is processed and no reply burst is waiting, being
 * written or being sent. After that nothing more reaches the customer without a new event.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { resultRows } from '../../src/db/rows.ts';

export interface EngineScope {
  /** The simulator instance (numbers.instance_name). */
  instanceName: string;
  numberId: string;
  userId: string;
}

export async function engineIdleOf(db: Db, scope: EngineScope): Promise<boolean> {
  const [row] = resultRows<Record<'undelivered' | 'pending_events' | 'open_bursts', number | string>>(
    await db.execute(sql`
    select
      (select count(*) from sim_messages m join sim_instances i on i.id = m.instance_id
        where i.name = ${scope.instanceName} and not m.from_me and not exists (
          select 1 from gateway_events g where g.number_id = ${scope.numberId} and g.event_key = m.key_id))
        as undelivered,
      (select count(*) from gateway_events g where g.number_id = ${scope.numberId} and g.processed_at is null)
        as pending_events,
      (select count(*) from reply_bursts b
        where b.user_id = ${scope.userId} and b.state in ('waiting', 'generating', 'sending')) as open_bursts`),
  );
  return [row!.undelivered, row!.pending_events, row!.open_bursts].every((n) => Number(n) === 0);
}
