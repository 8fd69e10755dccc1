import type { PromptVersionSummary } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectPromptVersions } from '../../domain/prompt-versions/prompt-versions-repository.ts';
import { ownAgent } from './prompt-workshop-repository.ts';

/** The agent's prompt versions, newest first, with size and which one is the saved prompt now. */
export async function listPromptVersions({
  db,
  accountId,
  agentId,
}: {
  db: Db;
  accountId: string;
  agentId: string;
}): Promise<PromptVersionSummary[]> {
  const agent = await ownAgent(db, accountId, agentId);
  const rows = await selectPromptVersions(db, accountId, agent.id);
  let currentMarked = false;
  return rows.map((row) => {
    // Only the newest version equal to the saved text is 'current' (an older identical one is not).
    const current = !currentMarked && row.systemPrompt === agent.systemPrompt;
    if (current) currentMarked = true;
    return {
      id: row.id,
      source: row.source,
      created_at: row.createdAt.toISOString(),
      chars: row.systemPrompt.length,
      current,
    };
  });
}
