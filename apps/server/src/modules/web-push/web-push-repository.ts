import { and, eq, sql } from 'drizzle-orm';
import type { PushKind, PushPreferences } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { pushPreferences, pushSubscriptions, replyDrafts } from '../../db/schema/index.ts';

export const DEFAULT_PREFERENCES: PushPreferences = {
  handoff: true,
  draft: true,
  pixPaid: true,
  numberDisconnected: true,
};

export async function selectPreferences(db: Db, memberId: string): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.memberId, memberId));
  if (!row) return DEFAULT_PREFERENCES;
  return {
    handoff: row.handoff,
    draft: row.draft,
    pixPaid: row.pixPaid,
    numberDisconnected: row.numberDisconnected,
  };
}

export async function upsertPreferences(db: Db, memberId: string, p: PushPreferences): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ memberId, ...p })
    .onConflictDoUpdate({ target: pushPreferences.memberId, set: { ...p, updatedAt: new Date() } });
}

export const selectMemberSubscriptions = (db: Db, accountId: string, memberId: string) =>
  db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.memberId, memberId)))
    .orderBy(pushSubscriptions.createdAt);

/**
 * One row per endpoint: the same browser subscribing again refreshes its keys; signed in by another
 * person (or in another account), it moves to them — a browser shows the notifications of whoever
 * subscribed it last.
 */
export async function upsertSubscription(
  db: Db,
  s: { accountId: string; memberId: string; endpoint: string; p256dh: string; auth: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(s)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { accountId: s.accountId, memberId: s.memberId, p256dh: s.p256dh, auth: s.auth },
    })
    .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt });
  return row!;
}

/** Deletes one of the member's own subscriptions; false when it is not theirs (or gone). */
export async function deleteMemberSubscription(db: Db, accountId: string, memberId: string, id: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.accountId, accountId),
        eq(pushSubscriptions.memberId, memberId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The push service said the subscription is gone (404/410): forgotten. */
export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const KIND_COLUMN: Record<PushKind, string> = {
  handoff: 'handoff',
  draft: 'draft',
  pixPaid: 'pix_paid',
  numberDisconnected: 'number_disconnected',
};

/**
 * The browsers to notify of `kind` in an account: those of the owner and, when `convId` is given, of the
 * attendant the conversation is assigned to (still a member of the account), whose choice for the kind is
 * on (no row: on). Without `convId` (a number disconnected) the owner's only.
 */
export async function selectTargets(
  db: Db,
  o: { accountId: string; kind: PushKind; convId: string | null },
): Promise<PushTarget[]> {
  return resultRows<PushTarget>(
    await db.execute(sql`
      select s.id, s.endpoint, s.p256dh, s.auth
      from push_subscriptions s
      left join push_preferences p on p.member_id = s.member_id
      where s.account_id = ${o.accountId}
        and coalesce(p.${sql.raw(KIND_COLUMN[o.kind])}, true)
        and (s.member_id = ${o.accountId}
             or (${o.convId}::uuid is not null and exists (
                   select 1 from conversations c join account_members m on m.user_id = c.assigned_user_id
                   where c.id = ${o.convId}::uuid and c.user_id = ${o.accountId}
                     and c.assigned_user_id = s.member_id and m.account_id = ${o.accountId})))
      order by s.created_at`),
  );
}

/** What a conversation's notification names: the contact (never the customer's messages). */
export async function selectConversationLabel(db: Db, accountId: string, convId: string) {
  const [row] = resultRows<{ contact_name: string | null; contact_phone: string | null }>(
    await db.execute(sql`
      select contact_name, contact_phone from conversations where id = ${convId}::uuid and user_id = ${accountId}`),
  );
  return row ?? null;
}

export async function selectDraftText(db: Db, accountId: string, draftId: string) {
  const [row] = await db
    .select({ parts: replyDrafts.parts, state: replyDrafts.state })
    .from(replyDrafts)
    .where(and(eq(replyDrafts.id, draftId), eq(replyDrafts.userId, accountId)));
  return row ?? null;
}

export async function selectOrderTotal(db: Db, accountId: string, orderId: string) {
  const [row] = resultRows<{ total_cents: number }>(
    await db.execute(sql`select total_cents from orders where id = ${orderId}::uuid and user_id = ${accountId}`),
  );
  return row?.total_cents ?? null;
}

export async function selectNumberLabel(db: Db, accountId: string, numberId: string) {
  const [row] = resultRows<{ apelido: string | null; phone: string }>(
    await db.execute(sql`select apelido, phone from numbers where id = ${numberId}::uuid and user_id = ${accountId}`),
  );
  return row ?? null;
}
