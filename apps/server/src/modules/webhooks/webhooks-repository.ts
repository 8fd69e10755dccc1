import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gatewayEvents, numbers } from '../../db/schema/app.ts';

export async function findNumberByInstance(db: Db, instanceName: string) {
  const [row] = await db
    .select({ id: numbers.id, userId: numbers.userId, instanceName: numbers.instanceName, token: numbers.token, status: numbers.status })
    .from(numbers)
    .where(eq(numbers.instanceName, instanceName))
    .limit(1);
  return row ?? null;
}

/** Stores the event unless the same (number, event, key) is already there; the new row's id, or null on a replay. */
export async function storeGatewayEvent(db: Db, values: { numberId: string; event: string; eventKey: string; payload: unknown }): Promise<string | null> {
  const [row] = await db
    .insert(gatewayEvents)
    .values(values)
    .onConflictDoNothing({ target: [gatewayEvents.numberId, gatewayEvents.event, gatewayEvents.eventKey] })
    .returning({ id: gatewayEvents.id });
  return row?.id ?? null;
}

/** Sets the status unless it already is that (a replay changes nothing); true when it changed. */
export async function setNumberStatus(db: Db, numberId: string, status: 'CONECTADO' | 'DESCONECTADO'): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(numbers)
    .set(status === 'CONECTADO' ? { status, connectedAt: now, updatedAt: now } : { status, updatedAt: now })
    .where(and(eq(numbers.id, numberId), ne(numbers.status, status)))
    .returning({ id: numbers.id });
  return rows.length > 0;
}
