/** The board is read by this feature alone: its query keys live here. */
export const funnelKeys = {
  all: ['funnel'] as const,
  stages: ['funnel', 'stages'] as const,
  columns: ['funnel', 'cards'] as const,
  cards: (stageId: string) => ['funnel', 'cards', stageId] as const,
};
