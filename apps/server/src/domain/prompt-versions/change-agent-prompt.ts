import { AGENT_NOT_FOUND_MESSAGE, COACH_STALE_MESSAGE, type PromptVersionSource } from '@vendai/contracts';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertUsageTraining } from '../agents/agents-repository.ts';
import { lockOwnAgent, recordPromptVersion, saveAgentPrompt, type AgentRow } from './prompt-versions-repository.ts';

export interface PromptChange {
  accountId: string;
  agentId: string;
  prompt: string;
  source: Exclude<PromptVersionSource, 'training' | 'retraining'>;
  restoredFrom?: string;
  /** A coach acceptance records its usage_training row ('TREINADORA DE PROMPT') in the same transaction. */
  usageType?: 'TREINADORA DE PROMPT';
  /** promptFingerprint of the prompt the change was based on: refused (409) when the saved prompt moved on. */
  basedOn?: string;
}

/**
 * Writes a new system prompt outside training (manual save, coach acceptance, restore) in one
 * transaction: the agent row (prompt + updated_at), its version and, for the coach, the
 * usage_training row. Nothing is written when the text equals the saved one (docs/product/rules.md#states-and-transitions: saving
 * only happens when the text differs). Another user's agent is not found. Never counts a training.
 */
export async function changeAgentPrompt(db: Db, change: PromptChange): Promise<{ agent: AgentRow; changed: boolean }> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const current = await lockOwnAgent(tx, change.accountId, change.agentId);
    if (!current) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
    if (change.basedOn !== undefined && change.basedOn !== promptFingerprint(current.systemPrompt))
      throw new AppError('CONFLICT', COACH_STALE_MESSAGE);
    if (current.systemPrompt === change.prompt) return { agent: current, changed: false };

    const agent = await saveAgentPrompt(tx, current.id, change.prompt);
    await recordPromptVersion(tx, {
      userId: change.accountId,
      agentId: current.id,
      source: change.source,
      systemPrompt: change.prompt,
      restoredFrom: change.restoredFrom,
    });
    if (change.usageType)
      await insertUsageTraining(tx, { userId: change.accountId, agentId: current.id, type: change.usageType });
    return { agent, changed: true };
  });
}

/** A short fingerprint of a prompt text: what a coach suggestion was based on. */
export function promptFingerprint(prompt: string): string {
  return createHash('sha256').update(prompt).digest('hex').slice(0, 24);
}
