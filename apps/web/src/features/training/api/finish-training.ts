import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinishTrainingInput, FinishTrainingResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys, numberKeys, usageKeys } from '@/lib/api/query-keys';

/** Call B through the server, then the agent is created (or retrained) with a usage_training row. */
export const finishTraining = (input: FinishTrainingInput) =>
  api.post<FinishTrainingResult>('/api/training/finish', { ...input });

export function useFinishTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishTraining,
    onSettled: () => {
      // The agents (lists, the agent itself) and the plan counters change; a new agent may have been
      // linked to the owner's only number (linkedNumberId), which the numbers list shows.
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      void queryClient.invalidateQueries({ queryKey: numberKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
}
