import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiAudience, NumberView, UpdateNumberInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys } from '@/lib/api/query-keys';

/** Whom the AI answers on a number: every contact or only new ones (decision 015). */
const updateAiAudience = ({ id, aiAudience }: { id: string; aiAudience: AiAudience }) =>
  api.patch<NumberView>(`/api/numbers/${encodeURIComponent(id)}`, {
    ai_audience: aiAudience,
  } satisfies UpdateNumberInput);

export function useUpdateAiAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiAudience,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: numberKeys.all }),
  });
}
