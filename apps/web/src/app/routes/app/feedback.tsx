import { FeedbackPage } from '@/features/feedback/components/feedback-page';

/** /dashboard/feedback: "Ajude A Melhorar" (issue 12). */
export function Component() {
  return <FeedbackPage />;
}
