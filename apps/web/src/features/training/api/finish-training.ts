import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinishTrainingInput, FinishTrainingResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';

/** Call B through the server, then the agent is created (or retrained) with a usage_training row. */
export const finishTraining = (input: FinishTrainingInput) => api.post<FinishTrainingResult>('/api/training/finish', { ...input });

export function useFinishTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishTraining,
    onSettled: () => {
      // The agents list and the agent itself ('agents' keys) and the plan counters change.
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}
