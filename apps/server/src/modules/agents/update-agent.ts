import type { Agent, UpdateAgentInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { agentNotFound } from '../../domain/agents/agent-id.ts';
import { toAgentDto, updateAgentFields } from '../../domain/agents/agents-repository.ts';

/** Saves the system prompt and/or the response delay (part 2 §4: the delay saves at once). */
export async function updateAgent({ db, userId, id, input }: { db: Db; userId: string; id: string; input: UpdateAgentInput }): Promise<Agent> {
  const row = await updateAgentFields(db, userId, id, { systemPrompt: input.system_prompt, timing: input.timing });
  if (!row) throw agentNotFound();
  return toAgentDto(row);
}
