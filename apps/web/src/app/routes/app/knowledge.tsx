import { KnowledgePage } from '@/features/knowledge/components/knowledge-page';

/** /conhecimento: 'Conhecimento', the frequent questions the AI answers from (docs/decisions/025-catalogue-and-price-guard.md). */
export function Component() {
  return <KnowledgePage />;
}
