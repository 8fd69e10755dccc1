import { IaManagementPage } from '@/features/prompt-editor/components/ia-management-page';

/** /ia-management?agent= (part 2 "Prompt editor"). */
export function Component() {
  return <IaManagementPage />;
}
