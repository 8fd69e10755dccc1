import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promptVersions } from '../../db/schema/index.ts';

export type PromptVersionRow = typeof promptVersions.$inferSelect;

/** The agent's versions, newest first (the caller checked the agent is the user's). */
export async function selectPromptVersions(db: Db, userId: string, agentId: string): Promise<PromptVersionRow[]> {
  return db
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.agentId, agentId), eq(promptVersions.userId, userId)))
    .orderBy(desc(promptVersions.createdAt), desc(promptVersions.id));
}

export async function selectPromptVersion(
  db: Db,
  userId: string,
  agentId: string,
  id: string,
): Promise<PromptVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.id, id), eq(promptVersions.agentId, agentId), eq(promptVersions.userId, userId)))
    .limit(1);
  return row;
}
