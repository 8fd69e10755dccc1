/** What the funnel's tests (funnel.test.ts, funnel-agendado.test.ts) read of a board and a conversation. */
import type { FunnelStageDto } from '@vendai/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { conversations, conversationStages, funnelStages } from '../../src/db/schema/index.ts';
import { waitFor } from './engine-harness.ts';
import type { TestClient } from './test-app.ts';

/** The account's stages as 'Funil de vendas' lists them. */
export async function stagesOf(client: TestClient): Promise<FunnelStageDto[]> {
  const res = await client.get('/api/funnel/stages');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** The conversation's stage now ('novo' without a row) and who put it there. */
export async function stageOf(db: Db, convId: string): Promise<{ kind: string; movedBy: string | null }> {
  const [row] = await db
    .select({ kind: funnelStages.kind, movedBy: conversationStages.movedBy })
    .from(conversationStages)
    .innerJoin(funnelStages, eq(funnelStages.id, conversationStages.stageId))
    .where(eq(conversationStages.convId, convId));
  return row ?? { kind: 'novo', movedBy: null };
}

/** The id of the conversation with this customer's phone, once the engine has stored it. */
export async function convOf(db: Db, phone: string): Promise<string> {
  let id = '';
  await waitFor(async () => {
    const [row] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.contactPhone, phone));
    id = row?.id ?? '';
    return id !== '';
  }, 'the conversation');
  return id;
}
