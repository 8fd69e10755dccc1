import { PromptWorkshopPage } from '@/features/prompt-workshop/components/prompt-workshop-page';

/** /ia-management?agent= (docs/product/screens.md#prompt-editor). */
export function Component() {
  return <PromptWorkshopPage />;
}
