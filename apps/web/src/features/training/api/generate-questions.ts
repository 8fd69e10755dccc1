import { useMutation } from '@tanstack/react-query';
import type { GenerateQuestionsInput, RefinementSet } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** Call A through the server: the 7 key answers → 3 to 6 refinement questions (never fails on the AI's account). */
export const generateQuestions = (input: GenerateQuestionsInput) =>
  api.post<RefinementSet>('/api/training/questions', { ...input });

export function useGenerateQuestions() {
  return useMutation({ mutationFn: generateQuestions });
}
