import type { PromptVersion } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { ownPromptVersion } from './prompt-workshop-repository.ts';

/** One version with its text (the editor shows its diff against the saved prompt). */
export async function getPromptVersion({
  db,
  accountId,
  agentId,
  versionId,
}: {
  db: Db;
  accountId: string;
  agentId: string;
  versionId: string;
}): Promise<PromptVersion> {
  const { agent, version: row } = await ownPromptVersion(db, accountId, agentId, versionId);
  return {
    id: row.id,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    chars: row.systemPrompt.length,
    current: row.systemPrompt === agent.systemPrompt,
    system_prompt: row.systemPrompt,
  };
}
