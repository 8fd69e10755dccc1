import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gatewayEvents, numbers } from '../../db/schema/app.ts';

/** What the webhook path needs of a number (also what the number cache keeps). */
export interface WebhookNumber {
  id: string;
  userId: string;
  instanceName: string;
  token: string;
  status: 'CONECTADO' | 'DESCONECTADO';
}

export async function findNumberByInstance(db: Db, instanceName: string): Promise<WebhookNumber | null> {
  const [row] = await db
    .select({ id: numbers.id, userId: numbers.userId, instanceName: numbers.instanceName, token: numbers.token, status: numbers.status })
    .from(numbers)
    .where(eq(numbers.instanceName, instanceName))
    .limit(1);
  return row ?? null;
}

/**
 * A gateway_events row to write. `eventKey` null never conflicts (NULLs are distinct in the unique
 * index); such rows carry an `id` chosen here so a multi-row insert can tell them apart.
 */
export interface NewGatewayEvent {
  id?: string;
  numberId: string;
  event: string;
  eventKey: string | null;
  payload: unknown;
}

const dedupTarget = [gatewayEvents.numberId, gatewayEvents.event, gatewayEvents.eventKey];

/** Stores the event unless the same (number, event, key) is already there; the new row's id, or null on a replay. */
export async function storeGatewayEvent(db: Db, values: NewGatewayEvent): Promise<string | null> {
  const [row] = await db.insert(gatewayEvents).values(values).onConflictDoNothing({ target: dedupTarget }).returning({ id: gatewayEvents.id });
  return row?.id ?? null;
}

/**
 * One statement for many events (group commit). Rows whose key already exists — in the table or
 * earlier in the same statement — are skipped (DO NOTHING) and absent from the answer; the caller
 * maps the returned rows back by (number_id, event, event_key).
 */
export async function storeGatewayEvents(db: Db, values: NewGatewayEvent[]) {
  return db
    .insert(gatewayEvents)
    .values(values)
    .onConflictDoNothing({ target: dedupTarget })
    .returning({ id: gatewayEvents.id, numberId: gatewayEvents.numberId, event: gatewayEvents.event, eventKey: gatewayEvents.eventKey });
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

/** Postgres foreign-key violation (23503), through drizzle's error wrapping (the driver error is a `cause`). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
