import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentes, followUpSettings } from '../../db/schema/index.ts';

export type FollowUpSettingsRow = typeof followUpSettings.$inferSelect;
type FollowUpSettingsValues = Pick<FollowUpSettingsRow, 'enabled' | 'gapsMinutes' | 'numberDailyCap'>;

/** The agent's saved ladder (null: never saved). */
export async function selectFollowUpSettings(db: Db, agentId: string): Promise<FollowUpSettingsRow | null> {
  const [row] = await db.select().from(followUpSettings).where(eq(followUpSettings.agentId, agentId));
  return row ?? null;
}

export async function upsertFollowUpSettings(
  db: Db,
  accountId: string,
  agentId: string,
  values: FollowUpSettingsValues,
): Promise<void> {
  await db
    .insert(followUpSettings)
    .values({ agentId, userId: accountId, ...values })
    .onConflictDoUpdate({ target: followUpSettings.agentId, set: { ...values, updatedAt: new Date() } });
}

export async function isOwnAgent(db: Db, accountId: string, agentId: string): Promise<boolean> {
  const [agent] = await db
    .select({ id: agentes.id })
    .from(agentes)
    .where(and(eq(agentes.id, agentId), eq(agentes.userId, accountId)));
  return agent !== undefined;
}
