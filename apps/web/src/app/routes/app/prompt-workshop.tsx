import { ApprovalSettings } from '@/features/approval/components/approval-settings';
import { PromptWorkshopPage } from '@/features/prompt-workshop/components/prompt-workshop-page';
import { HandoffPerson } from '@/features/team/components/handoff-person';

/** /ia-management?agent= (docs/product/screens.md#prompt-editor). */
export function Component() {
  // 'Aprovação das respostas' (docs/decisions/045-approval-mode.md) and whom a handoff goes to
  // (docs/decisions/044-team-roles-and-assignment.md) among the agent's settings.
  return (
    <PromptWorkshopPage
      agentSettings={(agent) => (
        <>
          <HandoffPerson key={`handoff-${agent.id}`} agent={agent} />
          <ApprovalSettings key={agent.id} agent={agent} />
        </>
      )}
    />
  );
}
