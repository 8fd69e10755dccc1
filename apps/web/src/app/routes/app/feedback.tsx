import { FeedbackPage } from '@/features/feedback/components/feedback-page';

/** /dashboard/feedback: "Ajude A Melhorar" (docs/decisions/013-first-run-auto-link.md). */
export function Component() {
  return <FeedbackPage />;
}
