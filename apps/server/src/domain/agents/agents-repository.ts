import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { Agent, AgentSummary, AnswerItem } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { agentes, numbers, usageTraining } from '../../db/schema/index.ts';

/** Every query here filters by the signed-in user: another user's agent is simply not found. */

type AgentRow = typeof agentes.$inferSelect;

export function toAgentDto(row: AgentRow): Agent {
  return {
    id: row.id,
    apelido: row.apelido,
    active: row.active,
    system_prompt: row.systemPrompt,
    timing: row.timing,
    resume_after_minutes: row.resumeAfterMinutes,
    max_answers_per_contact_day: row.maxAnswersPerContactDay,
    approval_mode: row.approvalMode,
    approval_timeout_minutes: row.approvalTimeoutMinutes,
    approval_timeout_action: row.approvalTimeoutAction,
    handoff_user_id: row.handoffUserId,
    trainnings: row.trainnings,
    respostas: row.respostas as Agent['respostas'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A number of this user links the agent (numbers.agente). */
const linkedToNumber = (accountId: string) =>
  exists(sql`(select 1 from ${numbers} where ${numbers.agente} = ${agentes.id} and ${numbers.userId} = ${accountId})`);

/** The list of docs/product/integrations.md (id, apelido, active, created_at), oldest first, with the number link. */
export async function selectAgentSummaries(db: Db, accountId: string): Promise<AgentSummary[]> {
  const rows = await db
    .select({
      id: agentes.id,
      apelido: agentes.apelido,
      active: agentes.active,
      createdAt: agentes.createdAt,
      linked: linkedToNumber(accountId),
    })
    .from(agentes)
    .where(eq(agentes.userId, accountId))
    .orderBy(asc(agentes.createdAt), asc(agentes.id));
  return rows.map((r) => ({
    id: r.id,
    apelido: r.apelido,
    active: r.active,
    created_at: r.createdAt.toISOString(),
    linked: Boolean(r.linked),
  }));
}

export async function selectAgent(db: Db, accountId: string, id: string): Promise<AgentRow | undefined> {
  const [row] = await db
    .select()
    .from(agentes)
    .where(and(eq(agentes.id, id), eq(agentes.userId, accountId)))
    .limit(1);
  return row;
}

/** The newest active agent (docs/product/integrations.md: "active newest first, limit 1"). */
export async function selectNewestActiveAgent(db: Db, accountId: string): Promise<AgentRow | undefined> {
  const [row] = await db
    .select()
    .from(agentes)
    .where(and(eq(agentes.userId, accountId), eq(agentes.active, true)))
    .orderBy(desc(agentes.createdAt), desc(agentes.id))
    .limit(1);
  return row;
}

/** System prompt, response delay, the AI's return time and/or its daily answers per contact, together with updated_at (docs/product/integrations.md). */
export async function updateAgentFields(
  db: Db,
  accountId: string,
  id: string,
  fields: {
    systemPrompt?: string;
    timing?: number;
    resumeAfterMinutes?: number | null;
    maxAnswersPerContactDay?: number;
    approvalMode?: boolean;
    approvalTimeoutMinutes?: number;
    approvalTimeoutAction?: 'send' | 'discard';
    handoffUserId?: string | null;
  },
): Promise<AgentRow | undefined> {
  const [row] = await db
    .update(agentes)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(agentes.id, id), eq(agentes.userId, accountId)))
    .returning();
  return row;
}

/**
 * Deletes the agent unless a number links it, in one statement so a link made in between cannot
 * be silently dropped (numbers.agente would be set to null by the foreign key).
 */
export async function deleteUnlinkedAgent(
  db: Db,
  accountId: string,
  id: string,
): Promise<'deleted' | 'linked' | 'missing'> {
  const deleted = await db
    .delete(agentes)
    .where(
      and(
        eq(agentes.id, id),
        eq(agentes.userId, accountId),
        sql`not exists (select 1 from ${numbers} where ${numbers.agente} = ${id})`,
      ),
    )
    .returning({ id: agentes.id });
  if (deleted.length) return 'deleted';
  return (await selectAgent(db, accountId, id)) ? 'linked' : 'missing';
}

export async function insertAgent(
  db: Db,
  values: { userId: string; apelido: string; respostas: AnswerItem[]; systemPrompt: string },
): Promise<AgentRow> {
  const [row] = await db
    .insert(agentes)
    .values({ ...values, active: true, trainnings: 1 })
    .returning();
  return row!;
}

/** Retraining (update mode): new answers, prompt and name, trainnings + 1, on the user's own agent only. */
export async function retrainAgent(
  db: Db,
  accountId: string,
  id: string,
  values: { apelido: string; respostas: AnswerItem[]; systemPrompt: string },
): Promise<AgentRow | undefined> {
  const [row] = await db
    .update(agentes)
    .set({ ...values, trainnings: sql`${agentes.trainnings} + 1`, updatedAt: new Date() })
    .where(and(eq(agentes.id, id), eq(agentes.userId, accountId)))
    .returning();
  return row;
}

export async function insertUsageTraining(
  db: Db,
  values: { userId: string; agentId: string; type: 'TREINAMENTO' | 'TREINADORA DE PROMPT' },
) {
  await db.insert(usageTraining).values(values);
}

/** Serialises limit checks of one user inside a transaction (PostgreSQL row lock on the profile). */
export async function lockAccountForLimits(db: Db, accountId: string) {
  await db.execute(sql`select id from profiles where id = ${accountId} for update`);
}
