import {
  DEFAULT_FOLLOW_UP_GAPS,
  DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP,
  type FollowUpSettings,
  type UpdateFollowUpSettingsInput,
} from '@vendai/contracts/follow-ups';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentes, followUpSettings } from '../../db/schema/index.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';

/** The agent's ladder; the defaults (off, 2 h / 1 dia / 3 dias, 30 a day per number) when never saved. */
export async function getFollowUpSettings(db: Db, userId: string, agentId: string): Promise<FollowUpSettings> {
  await ownAgent(db, userId, agentId);
  const [row] = await db.select().from(followUpSettings).where(eq(followUpSettings.agentId, agentId));
  return row
    ? { enabled: row.enabled, gapsMinutes: row.gapsMinutes, numberDailyCap: row.numberDailyCap }
    : { enabled: false, gapsMinutes: [...DEFAULT_FOLLOW_UP_GAPS], numberDailyCap: DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP };
}

export async function saveFollowUpSettings(
  db: Db,
  userId: string,
  agentId: string,
  input: UpdateFollowUpSettingsInput,
): Promise<FollowUpSettings> {
  await ownAgent(db, userId, agentId);
  const values = {
    enabled: input.enabled,
    gapsMinutes: input.gapsMinutes,
    numberDailyCap: input.numberDailyCap ?? DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP,
  };
  await db
    .insert(followUpSettings)
    .values({ agentId, userId, ...values })
    .onConflictDoUpdate({ target: followUpSettings.agentId, set: { ...values, updatedAt: new Date() } });
  return values;
}

async function ownAgent(db: Db, userId: string, agentId: string) {
  const [agent] = await db
    .select({ id: agentes.id })
    .from(agentes)
    .where(and(eq(agentes.id, agentId), eq(agentes.userId, userId)));
  if (!agent) throw agentNotFound();
}
