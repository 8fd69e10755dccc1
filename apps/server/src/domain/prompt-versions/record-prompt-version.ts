import { PROMPT_VERSIONS_KEPT, type PromptVersionSource } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promptVersions } from '../../db/schema/index.ts';

export interface NewPromptVersion {
  userId: string;
  agentId: string;
  source: PromptVersionSource;
  systemPrompt: string;
  restoredFrom?: string | null;
}

/**
 * Keeps a version of an agent's prompt; call it in the transaction that writes the prompt, so a
 * prompt is never saved without its version. Versions beyond the newest PROMPT_VERSIONS_KEPT of
 * the agent are dropped.
 */
export async function recordPromptVersion(tx: Db, version: NewPromptVersion): Promise<void> {
  await tx.insert(promptVersions).values({ ...version, restoredFrom: version.restoredFrom ?? null });
  await tx.execute(sql`
    delete from prompt_versions where agent_id = ${version.agentId} and id not in (
      select id from prompt_versions where agent_id = ${version.agentId}
      order by created_at desc, id desc limit ${PROMPT_VERSIONS_KEPT})`);
}
