import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages, optOutEvents, replyBursts } from '../../db/schema/index.ts';

/** Why a follow-up did not go after an opt-out, as the inbox shows it. */
export const OPTED_OUT_REASON = 'O cliente pediu para sair.';

type Source = 'customer_words' | 'ai_reading';

/**
 * A customer opted out (docs/decisions/048-opt-out-and-owner-channel.md): the AI off for good (no
 * return time), open reply bursts cancelled, and the audit row. Run in the transaction that read the
 * opt-out. Answers the audit row's id, which the caller publishes as 'customer.opted_out' once it
 * committed (the planned follow-ups are cancelled by their listener; docs/decisions/060-events-features-listen.md),
 * or null when the conversation had opted out already (nothing recorded twice).
 */
export async function recordOptOut(
  tx: Db,
  input: { userId: string; convId: string; source: Source; messageId: string | null },
): Promise<string | null> {
  const changed = await tx
    .update(conversations)
    .set({ optedOut: true, agenteAtivo: false, aiResumesAt: null })
    .where(and(eq(conversations.id, input.convId), eq(conversations.optedOut, false)))
    .returning({ id: conversations.id });
  await tx
    .update(replyBursts)
    .set({ state: 'cancelled', reason: 'opt-out', claimToken: null, updatedAt: sql`now()` })
    .where(and(eq(replyBursts.convId, input.convId), sql`${replyBursts.state} in ('waiting', 'generating')`));
  if (input.messageId) await tx.update(messages).set({ optOut: true }).where(eq(messages.id, input.messageId));
  if (changed.length === 0) return null;
  const [audit] = await tx
    .insert(optOutEvents)
    .values({
      userId: input.userId,
      convId: input.convId,
      action: 'opted_out',
      source: input.source,
      messageId: input.messageId,
    })
    .returning({ id: optOutEvents.id });
  return audit!.id;
}

/** 'customer.opted_out' for a recorded opt-out (recordOptOut's answer), published once it committed. */
export function optedOutEvent(input: { userId: string; convId: string; source: Source }, optOutId: string) {
  return {
    key: `opt-out:${optOutId}`,
    afterBurst: null,
    events: [
      {
        name: 'customer.opted_out' as const,
        payload: { userId: input.userId, convId: input.convId, source: input.source, optOutId },
      },
    ],
  };
}

/**
 * The owner lifts a customer's opt-out at their request: automatic sends may go again. The AI switch is
 * left as it is (the owner switches it on when they want the AI back). False when there was none.
 */
export async function liftOptOut(
  db: Db,
  input: { userId: string; convId: string; actorUserId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(conversations)
      .set({ optedOut: false })
      .where(
        and(
          eq(conversations.id, input.convId),
          eq(conversations.userId, input.userId),
          eq(conversations.optedOut, true),
        ),
      )
      .returning({ id: conversations.id });
    if (changed.length === 0) return false;
    await tx.insert(optOutEvents).values({
      userId: input.userId,
      convId: input.convId,
      action: 'lifted',
      source: 'owner',
      actorUserId: input.actorUserId,
    });
    return true;
  });
}

/** The customer's latest message in the conversation (the one the AI read as an opt-out), or null. */
export async function latestCustomerMessageId(db: Db, convId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.convId, convId), eq(messages.direction, 'in')))
    .orderBy(sql`${messages.createdAt} desc, ${messages.id} desc`)
    .limit(1);
  return row?.id ?? null;
}
