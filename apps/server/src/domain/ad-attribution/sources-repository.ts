import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationSources, sourceLinks } from '../../db/schema/index.ts';
import { type AdSource, FREE_ENTRY_HOURS } from './message-source.ts';

/** What a message brought: an ad, or the code of a 'Link de origem' (resolved against the account's links). */
export type ArrivalSource = AdSource | { kind: 'link'; code: string };

/**
 * Records the source a customer's message carried (docs/decisions/071-ad-attribution.md), in the
 * transaction that stored the message: one insert, only for such messages. A link code the account does not
 * know records nothing. A Cloud ad (Meta's referral) opens the free entry point window for 72 hours.
 */
export async function recordMessageSource(
  tx: Db,
  input: { userId: string; convId: string; messageId: string; at: Date; source: ArrivalSource },
): Promise<void> {
  const { userId: accountId, convId, messageId, at, source } = input;
  if (source.kind === 'link') {
    await tx.execute(sql`
      insert into conversation_sources (user_id, conversation_id, message_id, kind, reliability, source_key, headline, link_id, received_at)
      select ${accountId}, ${convId}, ${messageId}, 'link', 'link', l.id::text, l.name, l.id, ${at.toISOString()}::timestamptz
      from source_links l where l.user_id = ${accountId} and l.code = ${source.code}`);
    return;
  }
  await tx.insert(conversationSources).values({
    userId: accountId,
    conversationId: convId,
    messageId,
    kind: 'ad',
    reliability: source.reliability,
    sourceKey: source.sourceKey,
    headline: source.headline,
    referral: source.referral,
    ctwaClid: source.ctwaClid,
    freeEntryUntil: source.reliability === 'meta' ? new Date(at.getTime() + FREE_ENTRY_HOURS * 3_600_000) : null,
    receivedAt: at,
  });
}

export type ConversationSourceRow = Pick<
  typeof conversationSources.$inferSelect,
  | 'id'
  | 'messageId'
  | 'kind'
  | 'reliability'
  | 'sourceKey'
  | 'headline'
  | 'referral'
  | 'ctwaClid'
  | 'freeEntryUntil'
  | 'receivedAt'
> & { linkCode: string | null };

/** A conversation's sources in the account, oldest first (the first touch, then every later one). */
export async function listConversationSources(
  db: Db,
  accountId: string,
  convId: string,
): Promise<ConversationSourceRow[]> {
  return db
    .select({
      id: conversationSources.id,
      messageId: conversationSources.messageId,
      kind: conversationSources.kind,
      reliability: conversationSources.reliability,
      sourceKey: conversationSources.sourceKey,
      headline: conversationSources.headline,
      referral: conversationSources.referral,
      ctwaClid: conversationSources.ctwaClid,
      freeEntryUntil: conversationSources.freeEntryUntil,
      receivedAt: conversationSources.receivedAt,
      linkCode: sourceLinks.code,
    })
    .from(conversationSources)
    .leftJoin(sourceLinks, eq(sourceLinks.id, conversationSources.linkId))
    .where(and(eq(conversationSources.userId, accountId), eq(conversationSources.conversationId, convId)))
    .orderBy(asc(conversationSources.receivedAt), asc(conversationSources.id));
}

/**
 * The latest source's line for the AI's reply request, as SQL for the reply claim's one statement
 * (no statement of its own): the ad's headline or the link's name, and its kind.
 */
export function latestSourceSql(convId: ReturnType<typeof sql>) {
  return sql`(select json_build_object('kind', s.kind, 'headline', s.headline)
    from conversation_sources s where s.conversation_id = ${convId}
    order by s.received_at desc limit 1)`;
}
