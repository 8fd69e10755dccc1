/** GET /api/catalogue (the catalogue page alone reads it). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (q: string, archived: boolean) => [...catalogueKeys.all, 'list', q, archived] as const,
  /** GET /api/catalogue/agents/:id/price-guard. */
  priceGuard: (agentId: string) => [...catalogueKeys.all, 'price-guard', agentId] as const,
};
