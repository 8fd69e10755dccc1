import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { numbers } from '../db/schema/app.ts';
import type { RealtimeHub } from './realtime-hub.ts';

/**
 * Publishes `number.updated` with the number's current state to its owner. Call it after any change
 * to a number's status, agent or nickname has been committed (webhook connection.update, the state
 * poll that marks it CONECTADO, PATCH of apelido/agente). Never throws: realtime is best-effort.
 */
export async function publishNumberUpdated(
  deps: { db: Db; realtime: RealtimeHub; log?: { warn: (obj: object, msg: string) => void } },
  numberId: string,
): Promise<void> {
  try {
    const [row] = await deps.db
      .select({
        id: numbers.id,
        userId: numbers.userId,
        status: numbers.status,
        agente: numbers.agente,
        apelido: numbers.apelido,
        phone: numbers.phone,
        instanceName: numbers.instanceName,
      })
      .from(numbers)
      .where(eq(numbers.id, numberId))
      .limit(1);
    if (!row) return;
    const { userId: accountId, ...data } = row;
    await deps.realtime.publish(accountId, { event: 'number.updated', data });
  } catch (err) {
    deps.log?.warn({ err }, 'realtime: number.updated not published');
  }
}
