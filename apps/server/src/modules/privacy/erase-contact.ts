import { PRIVACY_MESSAGES, type EraseContactResult } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { keyOfMediaUrl } from '../../integrations/storage/storage-keys.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import { notFound } from '../../lib/app-error.ts';
import { keysStillInUse } from './media-references.ts';
import { eraseConversationRows, findContactToErase, selectMediaOf } from './erase-repository.ts';

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
  accountId: string,
  convId: string,
): Promise<EraseContactResult> {
  const { db } = deps;
  const conv = await findContactToErase(db, accountId, convId);
  if (!conv) throw notFound(PRIVACY_MESSAGES.conversationNotFound);

  const media = await selectMediaOf(db, conv.id);
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
  const erased = await eraseConversationRows(db, { accountId, conv, jids });
  deps.log.info({ convId: conv.id, messages: erased, mediaFiles }, 'contact data erased at the owner’s request');
  // The owner's other tabs and devices drop it from their inbox.
  await deps.realtime
    .publish(accountId, { event: 'conversation.deleted', data: { id: conv.id } })
    .catch((err: unknown) => deps.log.warn({ err }, 'realtime: conversation.deleted not published'));
  return { messages: erased, mediaFiles };
}
