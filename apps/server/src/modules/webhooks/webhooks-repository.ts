import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { execPrepared, type PreparedTarget } from '../../db/prepared.ts';
import { numbers } from '../../db/schema/app.ts';

/** What the webhook path needs of a number (also what the number cache keeps). */
export interface WebhookNumber {
  id: string;
  userId: string;
  instanceName: string;
  token: string;
  status: 'CONECTADO' | 'DESCONECTADO';
}

const webhookNumberColumns = {
  id: numbers.id,
  userId: numbers.userId,
  instanceName: numbers.instanceName,
  token: numbers.token,
  status: numbers.status,
};

export async function findNumberByInstance(db: Db, instanceName: string): Promise<WebhookNumber | null> {
  const [row] = await db
    .select(webhookNumberColumns)
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
  /** When the webhook arrived (default: the statement's time). */
  receivedAt?: Date;
}

/** Stores the event unless the same (number, event, key) is already there; the new row's id, or null on a replay. */
export async function storeGatewayEvent(database: PreparedTarget, values: NewGatewayEvent): Promise<string | null> {
  const [row] = await storeGatewayEvents(database, [values]);
  return row?.id ?? null;
}

/**
 * One statement for many events (group commit), always the same text (a prepared statement: no
 * planning per batch). Rows whose key already exists — in the table or earlier in the same
 * statement — are skipped (DO NOTHING) and absent from the answer; the caller maps the returned rows
 * back by (number_id, event, event_key).
 */
export async function storeGatewayEvents(database: PreparedTarget, values: NewGatewayEvent[]) {
  const rows = values.map((v) => ({
    id: v.id ?? null,
    number_id: v.numberId,
    event: v.event,
    event_key: v.eventKey,
    payload: v.payload,
    received_at: v.receivedAt ?? null,
  }));
  const stored = await execPrepared<{ id: string; number_id: string; event: string; event_key: string | null }>(
    database,
    'webhooks_store_gateway_events',
    sql`
      insert into gateway_events (id, number_id, event, event_key, payload, received_at)
      select coalesce(v.id, gen_random_uuid()), v.number_id, v.event, v.event_key, v.payload, coalesce(v.received_at, now())
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, number_id uuid, event text, event_key text, payload jsonb, received_at timestamptz)
      on conflict (number_id, event, event_key) do nothing
      returning id, number_id, event, event_key`,
  );
  return stored.map((r) => ({ id: r.id, numberId: r.number_id, event: r.event, eventKey: r.event_key }));
}

/** Sets the status unless it already is that (a replay changes nothing); true when it changed. */
export async function setNumberStatus(
  db: Db,
  numberId: string,
  status: 'CONECTADO' | 'DESCONECTADO',
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(numbers)
    .set(status === 'CONECTADO' ? { status, connectedAt: now, updatedAt: now } : { status, updatedAt: now })
    .where(and(eq(numbers.id, numberId), ne(numbers.status, status)))
    .returning({ id: numbers.id });
  return rows.length > 0;
}

/** The Cloud API number Meta names by its phone number id (numbers.cloud_phone_number_id), or null. */
export async function findNumberByCloudId(db: Db, phoneNumberId: string): Promise<WebhookNumber | null> {
  const [row] = await db
    .select(webhookNumberColumns)
    .from(numbers)
    .where(and(eq(numbers.cloudPhoneNumberId, phoneNumberId), eq(numbers.provider, 'cloud')))
    .limit(1);
  return row ?? null;
}

/**
 * A problem Meta reported about a Cloud number (decision 032), in Portuguese, shown on the numbers list
 * until Meta delivers for it again (clearCloudNumberProblem). Only Cloud numbers: a QR number's
 * problem is its connection's (numbers-repository.ts). True when the shown problem changed.
 */
export async function recordCloudNumberProblem(db: Db, numberId: string, problem: string): Promise<boolean> {
  const rows = await db
    .update(numbers)
    .set({ connectionProblem: problem, updatedAt: new Date() })
    .where(
      and(
        eq(numbers.id, numberId),
        eq(numbers.provider, 'cloud'),
        sql`${numbers.connectionProblem} is distinct from ${problem}`,
      ),
    )
    .returning({ id: numbers.id });
  return rows.length > 0;
}

/** Meta delivered for the number again: its reported problem is over. True when there was one. */
export async function clearCloudNumberProblem(db: Db, numberId: string): Promise<boolean> {
  const rows = await db
    .update(numbers)
    .set({ connectionProblem: null, updatedAt: new Date() })
    .where(and(eq(numbers.id, numberId), eq(numbers.provider, 'cloud'), isNotNull(numbers.connectionProblem)))
    .returning({ id: numbers.id });
  return rows.length > 0;
}

/**
 * Meta gave a user a new business-scoped user id (docs/decisions/062-bsuid-contacts.md): the number's
 * conversation with the previous one takes the new one (and is keyed by it when it was keyed by the BSUID),
 * so the person's next message lands in it. Nothing changes when a conversation already has the new id as its key.
 */
export async function followChangedUserId(
  db: Db,
  change: { numberId: string; previousUserId: string; userId: string },
): Promise<void> {
  const { numberId, previousUserId, userId } = change;
  await db.execute(sql`
    update conversations c set
      contact_user_id = ${userId},
      contact_jid = case when c.contact_jid = ${previousUserId} then ${userId} else c.contact_jid end
    where c.number_id = ${numberId} and (c.contact_user_id = ${previousUserId} or c.contact_jid = ${previousUserId})
      and not exists (select 1 from conversations o where o.number_id = ${numberId} and o.contact_jid = ${userId})`);
}

/**
 * Meta's word on a Cloud number's quality rating and messaging limit (phone_number_quality_update): the
 * number of that WABA whose phone is the display number; a field Meta did not send is kept. The number's
 * id when something changed.
 */
export async function recordCloudQuality(
  db: Db,
  u: { wabaId: string; phone: string; rating: string | null; limit: string | null },
): Promise<string | null> {
  const rows = await db
    .update(numbers)
    .set({
      cloudQualityRating: u.rating ? u.rating : sql`${numbers.cloudQualityRating}`,
      cloudMessagingLimit: u.limit ? u.limit : sql`${numbers.cloudMessagingLimit}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(numbers.provider, 'cloud'),
        eq(numbers.cloudWabaId, u.wabaId),
        sql`regexp_replace(${numbers.phone}, '\\D', '', 'g') = ${u.phone}`,
      ),
    )
    .returning({ id: numbers.id });
  return rows[0]?.id ?? null;
}
