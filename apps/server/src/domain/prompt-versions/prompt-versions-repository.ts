import { PROMPT_VERSIONS_KEPT, type PromptVersionSource } from '@vendai/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentes, promptVersions } from '../../db/schema/index.ts';

export type PromptVersionRow = typeof promptVersions.$inferSelect;

/** The agent's versions, newest first (the caller checked the agent is the user's). */
export async function selectPromptVersions(db: Db, accountId: string, agentId: string): Promise<PromptVersionRow[]> {
  return db
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.agentId, agentId), eq(promptVersions.userId, accountId)))
    .orderBy(desc(promptVersions.createdAt), desc(promptVersions.id));
}

export async function selectPromptVersion(
  db: Db,
  accountId: string,
  agentId: string,
  id: string,
): Promise<PromptVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.id, id), eq(promptVersions.agentId, agentId), eq(promptVersions.userId, accountId)))
    .limit(1);
  return row;
}

export interface NewPromptVersion {
  userId: string;
  agentId: string;
  source: PromptVersionSource;
  systemPrompt: string;
  restoredFrom?: string | null;
}

/**
 * Keeps a version of an agent's prompt; call it in the transaction that writes the prompt, so a
 * prompt is never saved without its version. Versions beyond the newest PROMPT_VERSIONS_KEPT of
 * the agent are dropped.
 */
export async function recordPromptVersion(tx: Db, version: NewPromptVersion): Promise<void> {
  await tx.insert(promptVersions).values({ ...version, restoredFrom: version.restoredFrom ?? null });
  await tx.execute(sql`
    delete from prompt_versions where agent_id = ${version.agentId} and id not in (
      select id from prompt_versions where agent_id = ${version.agentId}
      order by created_at desc, id desc limit ${PROMPT_VERSIONS_KEPT})`);
}

export type AgentRow = typeof agentes.$inferSelect;

/** The user's agent, locked until the transaction ends (null: not the user's, or gone). */
export async function lockOwnAgent(tx: Db, accountId: string, agentId: string): Promise<AgentRow | null> {
  const [row] = await tx
    .select()
    .from(agentes)
    .where(and(eq(agentes.id, agentId), eq(agentes.userId, accountId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function saveAgentPrompt(tx: Db, agentId: string, prompt: string): Promise<AgentRow> {
  const [agent] = await tx
    .update(agentes)
    .set({ systemPrompt: prompt, updatedAt: new Date() })
    .where(eq(agentes.id, agentId))
    .returning();
  return agent!;
}
