import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { NumberView } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { agentes, conversations, numbers } from '../../db/schema/index.ts';
import { pgError } from '../../db/pg-error.ts';

export type NumberRow = typeof numbers.$inferSelect;

/** A Cloud API number is stored connected, with Meta's ids, its sealed token and its quality figures. */
export type CloudValues = Partial<
  Pick<
    typeof numbers.$inferInsert,
    | 'provider'
    | 'status'
    | 'connectedAt'
    | 'phoneVerifiedAt'
    | 'cloudPhoneNumberId'
    | 'cloudWabaId'
    | 'cloudTokenSealed'
    | 'cloudPinSealed'
    | 'cloudQualityRating'
    | 'cloudMessagingLimit'
  >
>;

const viewColumns = {
  id: numbers.id,
  phone: numbers.phone,
  instanceName: numbers.instanceName,
  apelido: numbers.apelido,
  status: numbers.status,
  agente: numbers.agente,
  agenteNome: agentes.apelido,
  createdAt: numbers.createdAt,
  connectedAt: numbers.connectedAt,
  aiAudience: numbers.aiAudience,
  connectionProblem: numbers.connectionProblem,
  provider: numbers.provider,
  cloudQualityRating: numbers.cloudQualityRating,
  cloudMessagingLimit: numbers.cloudMessagingLimit,
  oneBalloon: numbers.oneBalloon,
};

type ViewRow = {
  id: string;
  phone: string;
  instanceName: string;
  apelido: string | null;
  status: 'CONECTADO' | 'DESCONECTADO';
  agente: string | null;
  agenteNome: string | null;
  createdAt: Date;
  connectedAt: Date | null;
  aiAudience: 'all' | 'new';
  connectionProblem: string | null;
  provider: 'evolution' | 'cloud';
  cloudQualityRating: string | null;
  cloudMessagingLimit: string | null;
  oneBalloon: boolean;
};

function toView(r: ViewRow): NumberView {
  return {
    id: r.id,
    phone: r.phone,
    instance_name: r.instanceName,
    apelido: r.apelido,
    status: r.status,
    agente: r.agente,
    agente_nome: r.agente ? (r.agenteNome ?? null) : null,
    created_at: r.createdAt.toISOString(),
    connected_at: r.connectedAt ? r.connectedAt.toISOString() : null,
    ai_audience: r.aiAudience,
    connection_problem: r.connectionProblem,
    provider: r.provider,
    quality_rating: r.cloudQualityRating,
    messaging_limit: r.cloudMessagingLimit,
    one_balloon: r.oneBalloon,
  };
}

/** The user's numbers, oldest first, with the linked agent's name. */
export async function listNumbersOfAccount(db: Db, accountId: string): Promise<NumberView[]> {
  const rows = await db
    .select(viewColumns)
    .from(numbers)
    .leftJoin(agentes, and(eq(agentes.id, numbers.agente), eq(agentes.userId, accountId)))
    .where(eq(numbers.userId, accountId))
    .orderBy(asc(numbers.createdAt), asc(numbers.id));
  return rows.map(toView);
}

export async function findNumberViewOfAccount(db: Db, accountId: string, id: string): Promise<NumberView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(numbers)
    .leftJoin(agentes, and(eq(agentes.id, numbers.agente), eq(agentes.userId, accountId)))
    .where(and(eq(numbers.id, id), eq(numbers.userId, accountId)))
    .limit(1);
  return row ? toView(row) : null;
}

/** A number of this user by id; null for an unknown id or another user's number. */
export async function findNumberOfAccount(db: Db, accountId: string, id: string): Promise<NumberRow | null> {
  const [row] = await db
    .select()
    .from(numbers)
    .where(and(eq(numbers.id, id), eq(numbers.userId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function instanceNameTaken(db: Db, instanceName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: numbers.id })
    .from(numbers)
    .where(eq(numbers.instanceName, instanceName))
    .limit(1);
  return Boolean(row);
}

export async function insertNumber(
  db: Db,
  values: { userId: string; phone: string; instanceName: string; apelido: string; token: string } & CloudValues,
): Promise<NumberRow> {
  const [row] = await db
    .insert(numbers)
    .values({ provider: 'evolution', status: 'DESCONECTADO', ...values })
    .returning();
  return row!;
}

export async function setInstanceId(db: Db, id: string, instanceId: string) {
  await db.update(numbers).set({ instanceId, updatedAt: new Date() }).where(eq(numbers.id, id));
}

/**
 * DESCONECTADO → CONECTADO with connected_at = now. A number already CONECTADO is left alone, so the
 * state poll and the gateway's connection.update webhook can both report it without moving the time.
 */
export async function markConnected(db: Db, id: string, now = new Date()): Promise<boolean> {
  const changed = await db
    .update(numbers)
    .set({ status: 'CONECTADO', connectedAt: now, updatedAt: now })
    // A connection cut for another phone stays cut until the right phone is verified (it clears the problem).
    .where(and(eq(numbers.id, id), eq(numbers.status, 'DESCONECTADO'), isNull(numbers.connectionProblem)))
    .returning({ id: numbers.id });
  return changed.length > 0;
}

export async function updateNumberFields(
  db: Db,
  accountId: string,
  id: string,
  set: { apelido?: string; agente?: string | null; aiAudience?: 'all' | 'new'; oneBalloon?: boolean },
) {
  await db
    .update(numbers)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(numbers.id, id), eq(numbers.userId, accountId)));
}

/**
 * 'Só contatos novos' chosen: the AI goes off in the number's conversations of old contacts (a message
 * stored from before connected_at, e.g. history sync); the owner can still switch one on by hand.
 */
export async function switchOffOldContacts(db: Db, id: string): Promise<void> {
  await db
    .update(conversations)
    .set({ agenteAtivo: false, aiResumesAt: null })
    .where(
      and(
        eq(conversations.numberId, id),
        eq(conversations.agenteAtivo, true),
        sql`exists (select 1 from numbers n join messages m on m.conv_id = ${conversations.id}
                    where n.id = ${conversations.numberId} and m.created_at < n.connected_at)`,
      ),
    );
}

export async function deleteNumberRow(db: Db, accountId: string, id: string) {
  await db.delete(numbers).where(and(eq(numbers.id, id), eq(numbers.userId, accountId)));
}

export async function agentBelongsToAccount(db: Db, accountId: string, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agentes.id })
    .from(agentes)
    .where(and(eq(agentes.id, agentId), eq(agentes.userId, accountId)))
    .limit(1);
  return Boolean(row);
}

/** Postgres unique violation (23505) on a named index, through drizzle's error wrapping. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

export async function findNumberById(db: Db, id: string): Promise<NumberRow | null> {
  const [row] = await db.select().from(numbers).where(eq(numbers.id, id)).limit(1);
  return row ?? null;
}

/** The connection is the number's own phone: remembered, and any earlier problem cleared. */
export async function markPhoneVerified(db: Db, id: string): Promise<void> {
  await db
    .update(numbers)
    .set({ phoneVerifiedAt: new Date(), connectionProblem: null, updatedAt: new Date() })
    .where(eq(numbers.id, id));
}

/**
 * Another phone scanned: DESCONECTADO with the reason. A number never connected as itself gets its
 * connected_at back to null (it still expires as never connected).
 */
export async function markWrongPhone(db: Db, id: string, problem: string): Promise<void> {
  await db.execute(sql`
    update numbers set status = 'DESCONECTADO', connection_problem = ${problem}, updated_at = now(),
      connected_at = case when phone_verified_at is null then null else connected_at end
    where id = ${id}`);
}

/** Numbers never connected as themselves, created before `before` (the expiry sweep). */
export async function listNeverConnected(db: Db, before: Date, limit: number) {
  return db
    .select({ id: numbers.id, userId: numbers.userId })
    .from(numbers)
    .where(
      and(
        eq(numbers.status, 'DESCONECTADO'),
        isNull(numbers.phoneVerifiedAt),
        isNull(numbers.connectedAt),
        lt(numbers.createdAt, before),
      ),
    )
    .orderBy(asc(numbers.createdAt))
    .limit(limit);
}

/** Connected numbers whose phone was never checked (a restart between the webhook and the check). */
export async function listUnverifiedConnected(db: Db, limit: number) {
  return db
    .select({ id: numbers.id })
    .from(numbers)
    .where(and(eq(numbers.status, 'CONECTADO'), isNull(numbers.phoneVerifiedAt)))
    .limit(limit);
}

/** Serialises the account's number changes until the transaction ends (the plan's number limit, the claims). */
export async function lockAccountNumbers(tx: Db, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`numbers:${accountId}`}))`);
}
