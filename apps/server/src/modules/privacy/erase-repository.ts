import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversations, messages } from '../../db/schema/index.ts';

// 'Apagar dados deste contato' (erase-contact.ts): what it reads and removes, always by the account.

/** The account's conversation with its contact's WhatsApp ids, or null. */
export async function findContactToErase(db: Db, accountId: string, convId: string) {
  const [conv] = await db
    .select({
      id: conversations.id,
      numberId: conversations.numberId,
      jid: conversations.contactJid,
      lid: conversations.contactLid,
      bsuid: conversations.contactUserId,
    })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)));
  return conv ?? null;
}

/** The conversation's messages with their media and thumbnail URLs. */
export async function selectMediaOf(db: Db, convId: string) {
  return db
    .select({ id: messages.id, url: messages.mediaUrl, thumb: messages.thumbnailUrl })
    .from(messages)
    .where(eq(messages.convId, convId));
}

/**
 * In one transaction: Resultados' hours that named the conversation get a new random id, the stored
 * webhooks naming any of `jids` on its number go, then the conversation (its messages by foreign key).
 * Returns how many messages it held.
 */
export async function eraseConversationRows(
  db: Db,
  o: { accountId: string; conv: { id: string; numberId: string }; jids: string[] },
): Promise<number> {
  const { accountId, conv, jids } = o;
  const jidList = sql.join(
    jids.map((j) => sql`${j}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update results_active_hourly set conv_id = (select gen_random_uuid())
      where user_id = ${accountId} and conv_id = ${conv.id}::uuid`);
    await tx.execute(sql`
      delete from gateway_events
      where number_id = ${conv.numberId}::uuid
        and (payload -> 'data' -> 'key' ->> 'remoteJid' in (${jidList})
          or payload -> 'data' -> 'key' ->> 'remoteJidAlt' in (${jidList}))`);
    const [count] = resultRows<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from messages where conv_id = ${conv.id}::uuid`),
    );
    await tx.delete(conversations).where(and(eq(conversations.id, conv.id), eq(conversations.userId, accountId)));
    return count?.n ?? 0;
  });
}
