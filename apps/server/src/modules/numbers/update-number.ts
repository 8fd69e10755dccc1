import { AGENT_NOT_FOUND, ONE_BALLOON_ONLY_CLOUD, type NumberView, type UpdateNumberInput } from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import {
  agentBelongsToAccount,
  findNumberOfAccount,
  findNumberViewOfAccount,
  switchOffOldContacts,
  updateNumberFields,
} from './numbers-repository.ts';

/**
 * Renames a number, links an agent to it (docs/product/rules.md#states-and-transitions): an agent of the same user, or null
 * ('Desativar Agente': the AI stops answering on this number), sets whom the AI answers (decision 015), or
 * whether a Cloud number's AI answer goes as one message (docs/decisions/064-cloud-meter-and-one-balloon.md).
 */
export async function updateNumber({
  deps,
  accountId,
  id,
  input,
}: {
  deps: Pick<NumbersDeps, 'db' | 'realtime' | 'log'>;
  accountId: string;
  id: string;
  input: UpdateNumberInput;
}): Promise<NumberView> {
  const { db } = deps;
  const number = await findNumberOfAccount(db, accountId, id);
  if (!number) throw notFound();
  // One message instead of several saves Meta's charges; a QR number has none (decision 064).
  if (input.one_balloon !== undefined && number.provider !== 'cloud')
    throw new AppError('VALIDATION', ONE_BALLOON_ONLY_CLOUD);
  if (input.agente && !(await agentBelongsToAccount(db, accountId, input.agente))) throw notFound(AGENT_NOT_FOUND);
  await updateNumberFields(db, accountId, id, {
    apelido: input.apelido,
    agente: input.agente,
    aiAudience: input.ai_audience,
    oneBalloon: input.one_balloon,
  });
  if (input.ai_audience === 'new') await switchOffOldContacts(db, id);
  await publishNumberUpdated(deps, id);
  const view = await findNumberViewOfAccount(db, accountId, id);
  if (!view) throw notFound();
  return view;
}
