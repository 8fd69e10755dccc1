import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationStages, funnelStages } from '../../db/schema/index.ts';

/**
 * 'Exportar meus dados': 'Funil de vendas' — the account's stages and, for each conversation moved out of
 * Novo, its stage, who moved it (the AI or a person) and when (docs/decisions/043-labels-notes-funnel.md).
 */
export async function readFunnel(db: Db, memberId: string) {
  const [stages, cards] = await Promise.all([
    db
      .select({
        id: funnelStages.id,
        kind: funnelStages.kind,
        name: funnelStages.name,
        position: funnelStages.position,
      })
      .from(funnelStages)
      .where(eq(funnelStages.userId, memberId))
      .orderBy(asc(funnelStages.position)),
    db
      .select({
        conversationId: conversationStages.convId,
        stageId: conversationStages.stageId,
        movedBy: conversationStages.movedBy,
        movedAt: conversationStages.movedAt,
      })
      .from(conversationStages)
      .where(eq(conversationStages.userId, memberId))
      .orderBy(asc(conversationStages.movedAt)),
  ]);
  return { stages, conversations: cards };
}
