import { and, asc, eq, getTableColumns, gt, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agentes,
  billingSubscriptions,
  businessHours,
  catalogueItems,
  conversations,
  knowledgeDocuments,
  knowledgeFaqs,
  knowledgePassages,
  messageInsights,
  messages,
  numbers,
  plans,
  profiles,
  promptVersions,
  user,
} from '../../db/schema/index.ts';

/** What 'Exportar meus dados' reads, always filtered by the account. Big tables are read in keyset pages. */
export async function readAccount(db: Db, memberId: string) {
  const [account] = await db
    .select({ id: user.id, name: user.name, email: user.email, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, memberId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, memberId));
  const [plan] = profile?.activePlanId
    ? await db.select({ name: plans.name, slug: plans.slug }).from(plans).where(eq(plans.id, profile.activePlanId))
    : [];
  const [subscription] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, memberId));
  const [hours] = await db.select().from(businessHours).where(eq(businessHours.userId, memberId));
  return {
    account,
    profile: profile ?? null,
    plan: plan ?? null,
    subscription: subscription ?? null,
    businessHours: hours ?? null,
  };
}

export async function readNumbers(db: Db, memberId: string) {
  // Secrets are not the owner's data and a zip travels: the per-number webhook secret (token) and the
  // Cloud API access token (sealed, yet a key away from plain) stay out.
  const { token: _token, cloudTokenSealed: _cloudToken, ...columns } = getTableColumns(numbers);
  return db.select(columns).from(numbers).where(eq(numbers.userId, memberId)).orderBy(asc(numbers.createdAt));
}

export const readAgents = (db: Db, memberId: string) =>
  db.select().from(agentes).where(eq(agentes.userId, memberId)).orderBy(asc(agentes.createdAt));

export const readPromptVersions = (db: Db, memberId: string) =>
  db
    .select()
    .from(promptVersions)
    .where(eq(promptVersions.userId, memberId))
    .orderBy(asc(promptVersions.createdAt), asc(promptVersions.id));

/** The catalogue, archived items included (the search column is derived, left out). */
export async function readCatalogue(db: Db, memberId: string) {
  const { searchText: _search, ...columns } = getTableColumns(catalogueItems);
  return db
    .select(columns)
    .from(catalogueItems)
    .where(eq(catalogueItems.userId, memberId))
    .orderBy(asc(catalogueItems.createdAt), asc(catalogueItems.id));
}

/** The knowledge base: FAQ entries, and documents with their passages' text in order (no vectors). */
export async function readKnowledge(db: Db, memberId: string) {
  const {
    searchText: _search,
    embedding: _vector,
    embeddingModel: _model,
    ...faqColumns
  } = getTableColumns(knowledgeFaqs);
  const faqs = await db
    .select(faqColumns)
    .from(knowledgeFaqs)
    .where(eq(knowledgeFaqs.userId, memberId))
    .orderBy(asc(knowledgeFaqs.createdAt), asc(knowledgeFaqs.id));
  const documents = await db
    .select()
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.userId, memberId))
    .orderBy(asc(knowledgeDocuments.createdAt), asc(knowledgeDocuments.id));
  const passages = await db
    .select({
      documentId: knowledgePassages.documentId,
      position: knowledgePassages.position,
      text: knowledgePassages.text,
    })
    .from(knowledgePassages)
    .where(eq(knowledgePassages.userId, memberId))
    .orderBy(asc(knowledgePassages.documentId), asc(knowledgePassages.position));
  return {
    faqs,
    documents: documents.map((d) => ({
      ...d,
      passages: passages.filter((p) => p.documentId === d.id).map(({ position, text }) => ({ position, text })),
    })),
  };
}

const PAGE = 2000;

/** Pages of rows after a (created_at, id) position, oldest first. */
async function* pages<T extends { id: string; createdAt: Date }>(
  read: (after: SQL | undefined) => Promise<T[]>,
  createdAt: Parameters<typeof gt>[0],
  id: Parameters<typeof gt>[0],
): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    const after = last
      ? or(gt(createdAt, last.createdAt), and(eq(createdAt, last.createdAt), gt(id, last.id)))
      : undefined;
    const rows = await read(after);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1];
  }
}

export const conversationPages = (db: Db, memberId: string) =>
  pages(
    (after) =>
      db
        .select()
        .from(conversations)
        .where(and(eq(conversations.userId, memberId), after))
        .orderBy(asc(conversations.createdAt), asc(conversations.id))
        .limit(PAGE),
    conversations.createdAt,
    conversations.id,
  );

export const messagePages = (db: Db, memberId: string, mediaOnly = false) =>
  pages(
    (after) =>
      db
        .select({
          id: messages.id,
          convId: messages.convId,
          createdAt: messages.createdAt,
          direction: messages.direction,
          author: messages.author,
          messageType: messages.messageType,
          status: messages.status,
          content: messages.content,
          mediaUrl: messages.mediaUrl,
          mediaFilename: messages.mediaFilename,
          mediaMimetype: messages.mediaMimetype,
          mediaSize: messages.mediaSize,
          deletedAt: messages.deletedAt,
        })
        .from(messages)
        .where(
          and(
            eq(messages.userId, memberId),
            mediaOnly ? or(isNotNull(messages.mediaUrl), isNotNull(messages.mediaMimetype)) : undefined,
            after,
          ),
        )
        // Keyset order on (user_id, created_at) — messages_user_created_idx — then id.
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(PAGE),
    messages.createdAt,
    messages.id,
  );

/** What the AI understood of media (transcripts, descriptions, document text), through messages' keyset index. */
export const insightPages = (db: Db, memberId: string) =>
  pages(
    (after) =>
      db
        .select({
          id: messages.id,
          createdAt: messages.createdAt,
          convId: messageInsights.convId,
          kind: messageInsights.kind,
          state: messageInsights.state,
          text: messageInsights.text,
          reason: messageInsights.reason,
        })
        .from(messageInsights)
        .innerJoin(messages, eq(messages.id, messageInsights.messageId))
        .where(and(eq(messages.userId, memberId), after))
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(PAGE),
    messages.createdAt,
    messages.id,
  );
