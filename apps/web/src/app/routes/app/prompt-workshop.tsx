import { ApprovalSettings } from '@/features/approval/components/approval-settings';
import { PromptWorkshopPage } from '@/features/prompt-workshop/components/prompt-workshop-page';

/** /ia-management?agent= (docs/product/screens.md#prompt-editor). */
export function Component() {
  // 'Aprovação das respostas' among the agent's settings (docs/decisions/045-approval-mode.md).
  return <PromptWorkshopPage agentSettings={(agent) => <ApprovalSettings key={agent.id} agent={agent} />} />;
}
