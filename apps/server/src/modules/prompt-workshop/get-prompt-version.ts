import { PROMPT_VERSION_NOT_FOUND_MESSAGE, type PromptVersion } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectPromptVersion } from '../../domain/prompt-versions/prompt-versions-repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownAgent } from './prompt-workshop-repository.ts';

/** One version with its text (the editor shows its diff against the saved prompt). */
export async function getPromptVersion({
  db,
  userId,
  agentId,
  versionId,
}: {
  db: Db;
  userId: string;
  agentId: string;
  versionId: string;
}): Promise<PromptVersion> {
  const agent = await ownAgent(db, userId, agentId);
  const row = await selectPromptVersion(db, userId, agent.id, versionId);
  if (!row) throw new AppError('NOT_FOUND', PROMPT_VERSION_NOT_FOUND_MESSAGE);
  return {
    id: row.id,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    chars: row.systemPrompt.length,
    current: row.systemPrompt === agent.systemPrompt,
    system_prompt: row.systemPrompt,
  };
}
