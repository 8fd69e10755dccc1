/** GET /api/knowledge/faqs and /api/knowledge/documents (the Conhecimento page alone reads them). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  faqs: (q: string) => [...knowledgeKeys.all, 'faqs', q] as const,
  documents: () => [...knowledgeKeys.all, 'documents'] as const,
};
