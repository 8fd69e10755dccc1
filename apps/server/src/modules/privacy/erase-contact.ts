import { PRIVACY_MESSAGES, type EraseContactResult } from '@vendai/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { keyOfMediaUrl } from '../../integrations/storage/storage-keys.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import { notFound } from '../../lib/app-error.ts';
import { keysStillInUse } from './media-references.ts';

/**
 * 'Apagar dados deste contato' (decision 031): the conversation's media files, then in one transaction
 * the stored webhooks of the contact, the conversation and with it (foreign keys) its messages, media
 * insights, reply bursts and owner alerts. Resultados' rolled-up hours keep their counts: the rows that
 * named the conversation get one new random id, so the figures stay and nothing leads back to the contact.
 * The owner's 'Nunca responder' for the contact is the owner's instruction and is kept. Open inboxes get
 * `conversation.deleted`.
 */
export async function eraseContact(
  deps: { db: Db; storage: Storage; realtime: RealtimeHub; log: FastifyBaseLogger },
  userId: string,
  convId: string,
): Promise<EraseContactResult> {
  const { db } = deps;
  const [conv] = await db
    .select({
      id: conversations.id,
      numberId: conversations.numberId,
      jid: conversations.contactJid,
      lid: conversations.contactLid,
      bsuid: conversations.contactUserId,
    })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, userId)));
  if (!conv) throw notFound(PRIVACY_MESSAGES.conversationNotFound);

  const media = await db
    .select({ id: messages.id, url: messages.mediaUrl, thumb: messages.thumbnailUrl })
    .from(messages)
    .where(eq(messages.convId, conv.id));
  const keys = media
    .flatMap((m) => [keyOfMediaUrl(m.url), keyOfMediaUrl(m.thumb)])
    .filter((k): k is string => k !== null);
  // The catalogue's photos sent in answers (and files other conversations show) are not the contact's.
  const inUse = await keysStillInUse(
    db,
    keys,
    media.map((m) => m.id),
  );
  let mediaFiles = 0;
  for (const key of new Set(keys)) {
    if (inUse.has(key)) continue;
    await deps.storage.remove(key);
    mediaFiles += 1;
  }

  const jids = [conv.jid, conv.lid, conv.bsuid].filter((j): j is string => Boolean(j));
  const jidList = sql.join(
    jids.map((j) => sql`${j}`),
    sql`, `,
  );
  const erased = await db.transaction(async (tx) => {
    await tx.execute(sql`
      update results_active_hourly set conv_id = (select gen_random_uuid())
      where user_id = ${userId} and conv_id = ${conv.id}::uuid`);
    await tx.execute(sql`
      delete from gateway_events
      where number_id = ${conv.numberId}::uuid
        and (payload -> 'data' -> 'key' ->> 'remoteJid' in (${jidList})
          or payload -> 'data' -> 'key' ->> 'remoteJidAlt' in (${jidList}))`);
    const [count] = resultRows<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from messages where conv_id = ${conv.id}::uuid`),
    );
    await tx.delete(conversations).where(and(eq(conversations.id, conv.id), eq(conversations.userId, userId)));
    return count?.n ?? 0;
  });
  deps.log.info({ convId: conv.id, messages: erased, mediaFiles }, 'contact data erased at the owner’s request');
  // The owner's other tabs and devices drop it from their inbox.
  await deps.realtime
    .publish(userId, { event: 'conversation.deleted', data: { id: conv.id } })
    .catch((err: unknown) => deps.log.warn({ err }, 'realtime: conversation.deleted not published'));
  return { messages: erased, mediaFiles };
}
