import type { CurrentUsage } from '@vendai/contracts';

/** docs/product/limits.md limit checks, shared by the UI; the server enforces the same rules. */
export const limits = {
  canRetrain: (u: CurrentUsage) => u.total_trainnings < u.max_trainnings,
  canCreateAgent: (u: CurrentUsage) => u.qtd_agentes < u.max_ai_responses,
  canAddNumber: (u: CurrentUsage) => u.qtd_instancias < u.max_instances,
  aiLimitReached: (u: CurrentUsage) => u.max_ai_messages > 0 && u.ai_messages >= u.max_ai_messages,
};
