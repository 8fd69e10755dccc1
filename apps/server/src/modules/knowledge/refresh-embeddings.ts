import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fillKnowledgeEmbeddings } from '../../domain/facts/knowledge-embeddings.ts';
import type { Embeddings } from '../../integrations/llm/llm.ts';

/**
 * After the owner changes the knowledge base: the vectors of new or changed entries and passages, when an
 * embeddings model is configured. A failure is logged and changes nothing else (those rows are ranked by
 * full text until the next change fills them).
 */
export async function refreshEmbeddings({
  db,
  embeddings,
  accountId,
  log,
}: {
  db: Db;
  embeddings: Embeddings | undefined;
  accountId: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  if (!embeddings) return;
  try {
    await fillKnowledgeEmbeddings(db, embeddings, accountId);
  } catch (err) {
    log.warn({ err }, 'knowledge embeddings not computed');
  }
}

/** `refreshEmbeddings` for a request's user, with the app's embeddings (the routes call it after a change). */
export const embeddingsRefresher =
  ({ db, embeddings }: { db: Db; embeddings: Embeddings | undefined }) =>
  (req: FastifyRequest) =>
    refreshEmbeddings({ db, embeddings, accountId: req.user.id, log: req.log });
