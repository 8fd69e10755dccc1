import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentTestSettings, user } from '../../db/schema/index.ts';

/** The agent's scheduled-run settings (no row: not nightly). */
export async function selectSettings(db: Db, accountId: string, agentId: string): Promise<{ nightly: boolean }> {
  const [row] = await db
    .select({ nightly: agentTestSettings.nightly })
    .from(agentTestSettings)
    .where(and(eq(agentTestSettings.agentId, agentId), eq(agentTestSettings.userId, accountId)));
  return { nightly: row?.nightly ?? false };
}

export async function saveSettings(db: Db, accountId: string, agentId: string, nightly: boolean): Promise<void> {
  await db
    .insert(agentTestSettings)
    .values({ agentId, userId: accountId, nightly })
    .onConflictDoUpdate({ target: agentTestSettings.agentId, set: { nightly } });
}

/** The model a finished run used: a different configured model later triggers a run (schedule-job.ts). */
export async function rememberModel(db: Db, run: { agentId: string; userId: string; model: string }): Promise<void> {
  await db
    .insert(agentTestSettings)
    .values({ agentId: run.agentId, userId: run.userId, lastModel: run.model })
    .onConflictDoUpdate({ target: agentTestSettings.agentId, set: { lastModel: sql`excluded.last_model` } });
}

/** The account's e-mail address, where a scheduled run's drop is told (null: the account is gone). */
export async function selectAccountEmail(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, accountId));
  return row?.email ?? null;
}

/** The account whose owner signs in with this e-mail (null: none). */
export async function selectAccountIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}
