import { NumbersPage } from '@/features/numbers/components/numbers-page';

/** /instances-management (docs/product/screens.md#whatsapp-numbers). */
export function Component() {
  return <NumbersPage />;
}
