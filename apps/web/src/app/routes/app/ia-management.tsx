import { IaManagementPage } from '@/features/agents/components/ia-management-page';

/** /ia-management?agent= (part 2 "Prompt editor"). */
export function Component() {
  return <IaManagementPage />;
}
