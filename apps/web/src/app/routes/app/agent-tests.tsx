import { AgentTestsPage } from '@/features/agent-tests/components/agent-tests-page';

/** /testes-do-assistente: 'Testes do assistente', the owner's test suite for an agent (docs/decisions/039-agent-tests.md). */
export function Component() {
  return <AgentTestsPage />;
}
