import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { simChats, simInstances, simMessages, type SimWebhookConfig } from '../db/schema/simulator.ts';

/** Every query of the simulator's tables. */

export type SimInstance = typeof simInstances.$inferSelect;
export type SimChat = typeof simChats.$inferSelect;
export type SimMessage = typeof simMessages.$inferSelect;

export async function findInstance(db: Db, name: string): Promise<SimInstance | null> {
  const [row] = await db.select().from(simInstances).where(eq(simInstances.name, name)).limit(1);
  return row ?? null;
}

export async function listInstances(
  db: Db,
  filter: { token?: string; name?: string; id?: string; number?: string } = {},
) {
  const conditions = [
    filter.token ? eq(simInstances.token, filter.token) : undefined,
    filter.name ? eq(simInstances.name, filter.name) : undefined,
    filter.id ? eq(simInstances.id, filter.id) : undefined,
    filter.number ? eq(simInstances.ownerPhone, filter.number) : undefined,
  ].filter(Boolean);
  return db
    .select()
    .from(simInstances)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(simInstances.createdAt));
}

export async function insertInstance(db: Db, values: typeof simInstances.$inferInsert): Promise<SimInstance | null> {
  const [row] = await db
    .insert(simInstances)
    .values(values)
    .onConflictDoNothing({ target: simInstances.name })
    .returning();
  return row ?? null;
}

export async function updateInstance(
  db: Db,
  id: string,
  values: Partial<typeof simInstances.$inferInsert>,
): Promise<SimInstance | null> {
  const [row] = await db
    .update(simInstances)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(simInstances.id, id))
    .returning();
  return row ?? null;
}

/** Starts a QR cycle unless another request already did (compare-and-set on the state). */
export async function startQrCycle(db: Db, id: string, qrCode: string, expiresAt: Date, pairingCode: string | null) {
  const [row] = await db
    .update(simInstances)
    .set({
      state: 'connecting',
      qrCode,
      previousQrCode: null,
      qrCount: 1,
      qrExpiresAt: expiresAt,
      pairingCode,
      updatedAt: new Date(),
    })
    .where(and(eq(simInstances.id, id), eq(simInstances.state, 'close')))
    .returning();
  return row ?? null;
}

/** Draws the next QR if the current one is still `currentCode` and expired (one process wins). */
export async function rotateQr(db: Db, id: string, currentCode: string, nextCode: string, expiresAt: Date) {
  const [row] = await db
    .update(simInstances)
    .set({
      previousQrCode: currentCode,
      qrCode: nextCode,
      qrCount: sql`${simInstances.qrCount} + 1`,
      qrExpiresAt: expiresAt,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(simInstances.id, id),
        eq(simInstances.state, 'connecting'),
        eq(simInstances.qrCode, currentCode),
        lt(simInstances.qrExpiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends a connecting/open session (QR limit, logout, phone unlinked); null if it was already closed. */
export async function closeSession(db: Db, id: string, reasonCode: number) {
  const [row] = await db
    .update(simInstances)
    .set({
      state: 'close',
      qrCode: null,
      previousQrCode: null,
      qrExpiresAt: null,
      pairingCode: null,
      disconnectionReasonCode: reasonCode,
      disconnectionAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(simInstances.id, id), inArray(simInstances.state, ['connecting', 'open'])))
    .returning();
  return row ?? null;
}

/** The phone scanned a QR that is current (or the one before): consumes it, once. */
export async function consumeQr(
  db: Db,
  id: string,
  code: string,
  owner: { phone: string; profileName: string | null },
) {
  const [row] = await db
    .update(simInstances)
    .set({
      qrCode: null,
      previousQrCode: null,
      qrExpiresAt: null,
      ownerPhone: owner.phone,
      profileName: owner.profileName,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(simInstances.id, id),
        eq(simInstances.state, 'connecting'),
        isNotNull(simInstances.qrCode),
        or(eq(simInstances.qrCode, code), eq(simInstances.previousQrCode, code)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markOpen(db: Db, id: string) {
  const [row] = await db
    .update(simInstances)
    .set({ state: 'open', disconnectionReasonCode: null, disconnectionAt: null, updatedAt: new Date() })
    .where(and(eq(simInstances.id, id), eq(simInstances.state, 'connecting')))
    .returning();
  return row ?? null;
}

export async function expiredQrInstances(db: Db): Promise<SimInstance[]> {
  return db
    .select()
    .from(simInstances)
    .where(
      and(
        eq(simInstances.state, 'connecting'),
        isNotNull(simInstances.qrCode),
        lt(simInstances.qrExpiresAt, new Date()),
      ),
    );
}

export async function deleteInstance(db: Db, id: string) {
  await db.delete(simInstances).where(eq(simInstances.id, id));
}

export async function setWebhook(db: Db, id: string, webhook: SimWebhookConfig | null) {
  return updateInstance(db, id, { webhook });
}

// --- chats -------------------------------------------------------------------------------------

export async function findChatByJid(db: Db, instanceId: string, jid: string): Promise<SimChat | null> {
  const [row] = await db
    .select()
    .from(simChats)
    .where(and(eq(simChats.instanceId, instanceId), or(eq(simChats.remoteJid, jid), eq(simChats.lid, jid))))
    .limit(1);
  return row ?? null;
}

export async function findChat(db: Db, instanceId: string, chatId: string): Promise<SimChat | null> {
  const [row] = await db
    .select()
    .from(simChats)
    .where(and(eq(simChats.instanceId, instanceId), eq(simChats.id, chatId)))
    .limit(1);
  return row ?? null;
}

/** Gets or creates the chat; a known chat keeps its row and gets the newer name/lid when given. */
export async function upsertChat(
  db: Db,
  values: { instanceId: string; remoteJid: string; isGroup: boolean; name?: string | null; lid?: string | null },
): Promise<{ chat: SimChat; created: boolean }> {
  const [inserted] = await db
    .insert(simChats)
    .values({
      instanceId: values.instanceId,
      remoteJid: values.remoteJid,
      isGroup: values.isGroup,
      name: values.name ?? null,
      lid: values.lid ?? null,
    })
    .onConflictDoNothing({ target: [simChats.instanceId, simChats.remoteJid] })
    .returning();
  if (inserted) return { chat: inserted, created: true };
  const patch: Partial<typeof simChats.$inferInsert> = {};
  if (values.name) patch.name = values.name;
  if (values.lid) patch.lid = values.lid;
  const [existing] = Object.keys(patch).length
    ? await db
        .update(simChats)
        .set(patch)
        .where(and(eq(simChats.instanceId, values.instanceId), eq(simChats.remoteJid, values.remoteJid)))
        .returning()
    : await db
        .select()
        .from(simChats)
        .where(and(eq(simChats.instanceId, values.instanceId), eq(simChats.remoteJid, values.remoteJid)));
  return { chat: existing!, created: false };
}

export async function setPresence(db: Db, chatId: string, presence: string | null, until: Date | null) {
  await db.update(simChats).set({ presence, presenceUntil: until }).where(eq(simChats.id, chatId));
}

export async function listChats(db: Db, instanceId: string) {
  const chats = await db
    .select()
    .from(simChats)
    .where(eq(simChats.instanceId, instanceId))
    .orderBy(desc(simChats.lastMessageAt));
  if (!chats.length) return [];
  const ids = chats.map((c) => c.id);
  // Newest message per chat (for the preview) and unread business messages.
  const latest = await db
    .selectDistinctOn([simMessages.chatId])
    .from(simMessages)
    .where(inArray(simMessages.chatId, ids))
    .orderBy(simMessages.chatId, desc(simMessages.createdAt));
  const unread = await db
    .select({ chatId: simMessages.chatId, n: count() })
    .from(simMessages)
    .where(and(inArray(simMessages.chatId, ids), eq(simMessages.fromMe, true), sql`${simMessages.status} <> 'READ'`))
    .groupBy(simMessages.chatId);
  const latestBy = new Map(latest.map((m) => [m.chatId, m]));
  const unreadBy = new Map(unread.map((u) => [u.chatId, Number(u.n)]));
  return chats.map((chat) => ({ chat, latest: latestBy.get(chat.id) ?? null, unread: unreadBy.get(chat.id) ?? 0 }));
}

export async function countChats(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ instanceId: simChats.instanceId, n: count() })
    .from(simChats)
    .groupBy(simChats.instanceId);
  return new Map(rows.map((r) => [r.instanceId, Number(r.n)]));
}

export async function countsFor(db: Db, instanceId: string) {
  const [m] = await db.select({ n: count() }).from(simMessages).where(eq(simMessages.instanceId, instanceId));
  const [c] = await db.select({ n: count() }).from(simChats).where(eq(simChats.instanceId, instanceId));
  const [k] = await db
    .select({ n: count() })
    .from(simChats)
    .where(and(eq(simChats.instanceId, instanceId), eq(simChats.isGroup, false)));
  return { Message: Number(m?.n ?? 0), Chat: Number(c?.n ?? 0), Contact: Number(k?.n ?? 0) };
}

export async function findContacts(
  db: Db,
  instanceId: string,
  where: { remoteJid?: string; id?: string; pushName?: string },
) {
  const conditions = [
    eq(simChats.instanceId, instanceId),
    where.remoteJid ? or(eq(simChats.remoteJid, where.remoteJid), eq(simChats.lid, where.remoteJid)) : undefined,
    where.id ? eq(simChats.id, where.id) : undefined,
    where.pushName ? eq(simChats.name, where.pushName) : undefined,
  ].filter(Boolean);
  return db
    .select()
    .from(simChats)
    .where(and(...conditions))
    .orderBy(asc(simChats.createdAt));
}
