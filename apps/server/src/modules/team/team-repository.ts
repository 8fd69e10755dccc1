import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accountInvitations,
  accountMembers,
  agentes,
  conversations,
  numbers,
  session,
  user,
} from '../../db/schema/index.ts';

/** The account's owner and members, owner first, then by when they joined. */
export async function selectPeople(db: Db, accountId: string) {
  const [owner] = await db
    .select({ id: user.id, name: user.name, email: user.email, joinedAt: user.createdAt })
    .from(user)
    .where(eq(user.id, accountId));
  const members = await db
    .select({ id: user.id, name: user.name, email: user.email, joinedAt: accountMembers.createdAt })
    .from(accountMembers)
    .innerJoin(user, eq(user.id, accountMembers.userId))
    .where(eq(accountMembers.accountId, accountId))
    .orderBy(asc(accountMembers.createdAt), asc(user.id));
  return { owner: owner ?? null, members };
}

/** Invitations still usable: not accepted, not revoked, not expired. */
const openInvitation = (accountId: string) =>
  and(
    eq(accountInvitations.accountId, accountId),
    isNull(accountInvitations.acceptedAt),
    isNull(accountInvitations.revokedAt),
    gt(accountInvitations.expiresAt, sql`now()`),
  );

export async function selectOpenInvitations(db: Db, accountId: string) {
  return db
    .select({
      id: accountInvitations.id,
      email: accountInvitations.email,
      createdAt: accountInvitations.createdAt,
      expiresAt: accountInvitations.expiresAt,
    })
    .from(accountInvitations)
    .where(openInvitation(accountId))
    .orderBy(asc(accountInvitations.createdAt));
}

export async function countOpenInvitations(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountInvitations)
    .where(openInvitation(accountId));
  return Number(row?.n ?? 0);
}

export async function findInvitationByHash(db: Db, codeHash: string) {
  const [row] = await db
    .select({
      invitation: accountInvitations,
      accountName: user.name,
      expired: sql<boolean>`${accountInvitations.expiresAt} <= now()`,
    })
    .from(accountInvitations)
    .innerJoin(user, eq(user.id, accountInvitations.accountId))
    .where(eq(accountInvitations.codeHash, codeHash))
    .limit(1);
  return row ?? null;
}

/** The account's member with this e-mail (lower-cased), if any. */
export async function findMemberByEmail(db: Db, accountId: string, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(accountMembers)
    .innerJoin(user, eq(user.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), sql`lower(${user.email}) = ${email}`))
    .limit(1);
  return row ?? null;
}

/**
 * Removes the member; their conversations go back to 'Sem responsável', agents hand off to the owner and
 * their sessions end. `also` runs in the same transaction once the member was found.
 */
export async function deleteMember(
  db: Db,
  accountId: string,
  memberId: string,
  also: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(accountMembers)
      .where(and(eq(accountMembers.userId, memberId), eq(accountMembers.accountId, accountId)))
      .returning({ userId: accountMembers.userId });
    if (removed.length === 0) return false;
    await tx
      .update(conversations)
      .set({ assignedUserId: null })
      .where(and(eq(conversations.userId, accountId), eq(conversations.assignedUserId, memberId)));
    await tx
      .update(agentes)
      .set({ handoffUserId: null })
      .where(and(eq(agentes.userId, accountId), eq(agentes.handoffUserId, memberId)));
    await tx.delete(session).where(eq(session.userId, memberId));
    await also(tx);
    return true;
  });
}

/** True when the person's own account has a WhatsApp number or an agent (a shop that would be left running). */
export async function ownsShop(db: Db, accountId: string): Promise<boolean> {
  const [number] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.userId, accountId)).limit(1);
  if (number) return true;
  const [agent] = await db.select({ id: agentes.id }).from(agentes).where(eq(agentes.userId, accountId)).limit(1);
  return agent !== undefined;
}
/** Revokes an open invitation of the account; false when there is none with this id. */
export async function revokeInvitationRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await revokeOpen(db, accountId, eq(accountInvitations.id, id)).returning({ id: accountInvitations.id });
  return rows.length > 0;
}

/** Revokes the account's open (neither accepted nor revoked) invitations that also match `which`. */
const revokeOpen = (db: Db, accountId: string, which: SQL) =>
  db
    .update(accountInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        which,
        eq(accountInvitations.accountId, accountId),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
      ),
    );

/**
 * Takes a valid invitation for the accepting member: one conditional update (not yet accepted or revoked,
 * not expired), so two tabs cannot both use it. False when another request took it first.
 */
export async function takeInvitation(db: Db, invitationId: string, memberId: string): Promise<boolean> {
  const taken = await db
    .update(accountInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: memberId })
    .where(
      and(
        eq(accountInvitations.id, invitationId),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
        gt(accountInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: accountInvitations.id });
  return taken.length > 0;
}

/** The person joins the account as a member (23505 when they already belong to a team). */
export async function insertMember(db: Db, accountId: string, memberId: string): Promise<void> {
  await db.insert(accountMembers).values({ userId: memberId, accountId });
}

/** Revokes the account's pending invitation to this e-mail, if any (a new one replaces it). */
export async function revokePendingInvitationTo(db: Db, accountId: string, email: string): Promise<void> {
  await revokeOpen(db, accountId, eq(accountInvitations.email, email));
}

export type InvitationRow = typeof accountInvitations.$inferSelect;

/** Stores a new invitation (only the code's hash); 23505 when another open one to the e-mail won the race. */
export async function insertInvitation(
  db: Db,
  invitation: { accountId: string; email: string; codeHash: string; invitedBy: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [inserted] = await db.insert(accountInvitations).values(invitation).returning();
  return inserted!;
}
