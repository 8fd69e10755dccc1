import { TrainAiPage } from '@/features/training/components/train-ai-page';

/** /onboarding/train-ai?mode=create|update&agentId= (docs/product/screens.md, training wizard). */
export function Component() {
  return <TrainAiPage />;
}
