import { AgentTestsPanel } from '@/features/agent-tests/components/agent-tests-panel';
import { ApprovalSettings } from '@/features/approval/components/approval-settings';
import { AgentPriceGuard } from '@/features/catalogue/components/price-guard-card';
import { PromptWorkshopPage } from '@/features/prompt-workshop/components/prompt-workshop-page';
import { HandoffPerson } from '@/features/team/components/handoff-person';

/** /ia-management?agent=&aba= (docs/product/screens.md#prompt-editor). */
export function Component() {
  // The agent's page in tabs (docs/decisions/065-agent-tabs-hints-and-judge.md): 'Aprovação das respostas'
  // (docs/decisions/045-approval-mode.md), whom a handoff goes to (docs/decisions/044-team-roles-and-assignment.md)
  // and the price guard (docs/decisions/025-catalogue-and-price-guard.md) in 'Como a IA age'; the agent's
  // tests (docs/decisions/039-agent-tests.md) in 'Testes'.
  return (
    <PromptWorkshopPage
      slots={{
        approval: (agent) => <ApprovalSettings key={agent.id} agent={agent} />,
        handoff: (agent) => <HandoffPerson key={`handoff-${agent.id}`} agent={agent} />,
        priceGuard: (agent) => <AgentPriceGuard key={`guard-${agent.id}`} agentId={agent.id} />,
        tests: (agent) => <AgentTestsPanel key={`tests-${agent.id}`} agentId={agent.id} />,
      }}
    />
  );
}
