import {
  DEFAULT_FOLLOW_UP_GAPS,
  DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP,
  type FollowUpSettings,
  type UpdateFollowUpSettingsInput,
} from '@vendai/contracts/follow-ups';
import type { Db } from '../../db/client.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import { isOwnAgent, selectFollowUpSettings, upsertFollowUpSettings } from './follow-up-settings-repository.ts';

/** The agent's ladder; the defaults (off, 2 h / 1 dia / 3 dias, 30 a day per number) when never saved. */
export async function getFollowUpSettings(db: Db, accountId: string, agentId: string): Promise<FollowUpSettings> {
  await ownAgent(db, accountId, agentId);
  const row = await selectFollowUpSettings(db, agentId);
  return row
    ? { enabled: row.enabled, gapsMinutes: row.gapsMinutes, numberDailyCap: row.numberDailyCap }
    : { enabled: false, gapsMinutes: [...DEFAULT_FOLLOW_UP_GAPS], numberDailyCap: DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP };
}

export async function saveFollowUpSettings(
  db: Db,
  accountId: string,
  agentId: string,
  input: UpdateFollowUpSettingsInput,
): Promise<FollowUpSettings> {
  await ownAgent(db, accountId, agentId);
  const values = {
    enabled: input.enabled,
    gapsMinutes: input.gapsMinutes,
    numberDailyCap: input.numberDailyCap ?? DEFAULT_FOLLOW_UP_NUMBER_DAILY_CAP,
  };
  await upsertFollowUpSettings(db, accountId, agentId, values);
  return values;
}

async function ownAgent(db: Db, accountId: string, agentId: string) {
  if (!(await isOwnAgent(db, accountId, agentId))) throw agentNotFound();
}
