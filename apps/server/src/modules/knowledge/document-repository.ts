import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeDocuments, knowledgePassages } from '../../db/schema/index.ts';

/**
 * The owner's documents and their passages, always of the signed-in user (another user's id reads as
 * absent). A passage's `search_text` is the document's title and the passage, so a word of the title
 * finds every passage of its document.
 */

export type DocumentRow = typeof knowledgeDocuments.$inferSelect & { passages: number };
export type DocumentKindValue = DocumentRow['kind'];

const searchTextOf = (title: string, passage: string) => `${title}\n${passage}`;

const withPassageCount = {
  id: knowledgeDocuments.id,
  userId: knowledgeDocuments.userId,
  title: knowledgeDocuments.title,
  kind: knowledgeDocuments.kind,
  chars: knowledgeDocuments.chars,
  createdAt: knowledgeDocuments.createdAt,
  updatedAt: knowledgeDocuments.updatedAt,
  passages: sql<number>`(select count(*)::int from knowledge_passages p where p.document_id = knowledge_documents.id)`,
};

export async function listDocumentRows(db: Db, accountId: string): Promise<DocumentRow[]> {
  return db
    .select(withPassageCount)
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.userId, accountId))
    .orderBy(desc(knowledgeDocuments.createdAt))
    .limit(1000);
}

export async function getDocumentRow(db: Db, accountId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select(withPassageCount)
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.userId, accountId)));
  return row ? { ...row, passages: Number(row.passages) } : null;
}

export async function countDocuments(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.userId, accountId));
  return Number(row?.n ?? 0);
}

/** A document and its passages, in one transaction. */
export async function insertDocument(
  db: Db,
  accountId: string,
  doc: { title: string; kind: DocumentKindValue; chars: number; passages: string[] },
): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(knowledgeDocuments)
      .values({ userId: accountId, title: doc.title, kind: doc.kind, chars: doc.chars })
      .returning();
    await tx.insert(knowledgePassages).values(
      doc.passages.map((text, position) => ({
        documentId: row!.id,
        userId: accountId,
        position,
        text,
        searchText: searchTextOf(doc.title, text),
      })),
    );
    return { ...row!, passages: doc.passages.length };
  });
}

/** Renames a document; its passages' search text follows the new title (their vectors are made again). */
export async function renameDocumentRow(db: Db, accountId: string, id: string, title: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(knowledgeDocuments)
      .set({ title, updatedAt: new Date() })
      .where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.userId, accountId)))
      .returning({ id: knowledgeDocuments.id });
    if (rows.length === 0) return false;
    await tx
      .update(knowledgePassages)
      .set({ searchText: sql`${title} || E'\\n' || ${knowledgePassages.text}`, embedding: null, embeddingModel: null })
      .where(and(eq(knowledgePassages.documentId, id), eq(knowledgePassages.userId, accountId)));
    return true;
  });
}

/**
 * Replaces a document's title and passages (its text edited): the old passages and their vectors go,
 * the new ones are written without vectors (the embeddings refresh fills them), in one transaction.
 */
export async function replaceDocumentText(
  db: Db,
  accountId: string,
  id: string,
  doc: { title: string; chars: number; passages: string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(knowledgeDocuments)
      .set({ title: doc.title, chars: doc.chars, updatedAt: new Date() })
      .where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.userId, accountId)))
      .returning({ id: knowledgeDocuments.id });
    if (rows.length === 0) return false;
    await tx
      .delete(knowledgePassages)
      .where(and(eq(knowledgePassages.documentId, id), eq(knowledgePassages.userId, accountId)));
    await tx.insert(knowledgePassages).values(
      doc.passages.map((text, position) => ({
        documentId: id,
        userId: accountId,
        position,
        text,
        searchText: searchTextOf(doc.title, text),
      })),
    );
    return true;
  });
}

export async function deleteDocumentRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.userId, accountId)))
    .returning({ id: knowledgeDocuments.id });
  return rows.length > 0;
}

export async function passageRows(db: Db, accountId: string, documentId: string) {
  return db
    .select({ id: knowledgePassages.id, position: knowledgePassages.position, text: knowledgePassages.text })
    .from(knowledgePassages)
    .where(and(eq(knowledgePassages.documentId, documentId), eq(knowledgePassages.userId, accountId)))
    .orderBy(asc(knowledgePassages.position));
}
