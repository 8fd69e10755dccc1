import { AGENT_NOT_FOUND_MESSAGE, PRICE_FALLBACK_DEFAULT, type PriceGuardSettings } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGuardSettings, ownsAgent } from './catalogue-repository.ts';

/** The agent's price-guard rules (the defaults when never saved); another user's agent → 404. */
export async function getPriceGuardSettings({
  db,
  accountId,
  agentId,
}: {
  db: Db;
  accountId: string;
  agentId: string;
}): Promise<PriceGuardSettings> {
  if (!(await ownsAgent(db, accountId, agentId))) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  const row = await findGuardSettings(db, accountId, agentId);
  return { fallbackText: row?.fallbackText || PRICE_FALLBACK_DEFAULT, allowsDiscounts: row?.allowsDiscounts ?? false };
}
