import { TrainAiPage } from '@/features/training/components/train-ai-page';

/** /onboarding/train-ai?mode=create|update&agentId= (part 1 §2, training wizard). */
export function Component() {
  return <TrainAiPage />;
}
