import { AGENT_NOT_FOUND_MESSAGE, type PriceGuardSettings } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownsAgent, saveGuardSettings } from './catalogue-repository.ts';

export async function updatePriceGuardSettings({
  db,
  accountId,
  agentId,
  input,
}: {
  db: Db;
  accountId: string;
  agentId: string;
  input: PriceGuardSettings;
}): Promise<PriceGuardSettings> {
  if (!(await ownsAgent(db, accountId, agentId))) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  await saveGuardSettings(db, accountId, agentId, input);
  return input;
}
