import { PlaygroundPage } from '@/features/playground/components/playground-page';

/** /playground (docs/product/screens.md#playground). */
export function Component() {
  return <PlaygroundPage />;
}
