import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
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

/**
 * Agents whose tests are due (at most `limit`): the AI model changed since their last run, or nightly runs on and
 * none started `today` (null before the nightly hour).
 */
export async function selectDueSchedules(
  db: Db,
  model: string,
  today: string | null,
  limit: number,
): Promise<{ agent_id: string; user_id: string; model_changed: boolean }[]> {
  return resultRows<{ agent_id: string; user_id: string; model_changed: boolean }>(
    await db.execute(sql`
      select s.agent_id, s.user_id, (s.last_model is not null and s.last_model <> ${model}) as model_changed
      from agent_test_settings s
      where (s.last_model is not null and s.last_model <> ${model})
         or (s.nightly and ${today}::text is not null and coalesce(s.last_nightly_on, '') <> ${today ?? ''})
      limit ${limit}`),
  );
}

/** The day's nightly run or the model's change noted as scheduled, before the run starts. */
export async function markScheduled(
  db: Db,
  agentId: string,
  trigger: 'nightly' | 'model_change',
  today: string | null,
  model: string,
): Promise<void> {
  await db.execute(sql`
      update agent_test_settings set
        last_nightly_on = case when ${trigger} = 'nightly' then ${today} else last_nightly_on end,
        last_model = case when ${trigger} = 'model_change' then ${model} else last_model end
      where agent_id = ${agentId}`);
}
