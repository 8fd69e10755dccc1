import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput, FeedbackResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** POST /api/feedback: stored in sugestoes and mailed to support. */
export const sendFeedback = (input: FeedbackInput) => api.post<FeedbackResult>('/api/feedback', input);

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
