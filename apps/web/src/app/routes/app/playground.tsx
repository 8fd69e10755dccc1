import { PlaygroundPage } from '@/features/playground/components/playground-page';

/** /playground (part 2 "Playground"). */
export function Component() {
  return <PlaygroundPage />;
}
