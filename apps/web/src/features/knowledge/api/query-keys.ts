/** GET /api/knowledge/faqs (the Conhecimento page alone reads it). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  faqs: (q: string) => [...knowledgeKeys.all, 'faqs', q] as const,
};
