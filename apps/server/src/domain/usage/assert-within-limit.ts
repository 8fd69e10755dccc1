import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCurrentUsage } from './get-current-usage.ts';

export type LimitedAction = 'create-agent' | 'add-number' | 'retrain';

/** The Portuguese reason shown when an action is over the plan's limit (docs/product/limits.md). */
export const LIMIT_MESSAGES: Record<LimitedAction, string> = {
  'create-agent': 'Você atingiu o limite de agentes do seu plano. Faça upgrade para criar mais agentes.',
  'add-number': 'Você atingiu o limite de números de WhatsApp do seu plano. Faça upgrade para conectar mais números.',
  retrain:
    'Você atingiu o limite de treinamentos do seu plano neste mês. Edições manuais do prompt continuam liberadas.',
};

/**
 * Server-side limit check, called by every route that creates an agent, adds a number or
 * retrains: the UI checks too, but a direct API call over the limit gets 403 LIMIT_REACHED.
 */
export async function assertWithinLimit(db: Db, accountId: string, action: LimitedAction): Promise<void> {
  const usage = await getCurrentUsage(db, accountId);
  const over =
    action === 'create-agent'
      ? usage.qtd_agentes >= usage.max_ai_responses
      : action === 'add-number'
        ? usage.qtd_instancias >= usage.max_instances
        : usage.total_trainnings >= usage.max_trainnings;
  if (over) throw new AppError('LIMIT_REACHED', LIMIT_MESSAGES[action]);
}
