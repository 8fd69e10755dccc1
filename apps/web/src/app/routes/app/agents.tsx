import { AgentsPage } from '@/features/agents/components/agents-page';

/** /agents-management (docs/product/screens.md#agents). */
export function Component() {
  return <AgentsPage />;
}
