import { AGENT_NOT_FOUND, type NumberView, type UpdateNumberInput } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import {
  agentBelongsToUser,
  findNumberOfUser,
  findNumberViewOfUser,
  switchOffOldContacts,
  updateNumberFields,
} from './numbers-repository.ts';

/**
 * Renames a number, links an agent to it (docs/product/rules.md#states-and-transitions): an agent of the same user, or null
 * ('Desativar Agente': the AI stops answering on this number), or sets whom the AI answers (decision 015).
 */
export async function updateNumber({
  deps,
  userId,
  id,
  input,
}: {
  deps: Pick<NumbersDeps, 'db' | 'realtime' | 'log'>;
  userId: string;
  id: string;
  input: UpdateNumberInput;
}): Promise<NumberView> {
  const { db } = deps;
  if (!(await findNumberOfUser(db, userId, id))) throw notFound();
  if (input.agente && !(await agentBelongsToUser(db, userId, input.agente))) throw notFound(AGENT_NOT_FOUND);
  await updateNumberFields(db, userId, id, {
    apelido: input.apelido,
    agente: input.agente,
    aiAudience: input.ai_audience,
  });
  if (input.ai_audience === 'new') await switchOffOldContacts(db, id);
  await publishNumberUpdated(deps, id);
  const view = await findNumberViewOfUser(db, userId, id);
  if (!view) throw notFound();
  return view;
}
