import { AgentsPage } from '@/features/agents/components/agents-page';

/** /agents-management (part 2 "Agents list"). */
export function Component() {
  return <AgentsPage />;
}
