import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiAudience, NumberView, UpdateNumberInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys } from '@/lib/api/query-keys';

/**
 * A number's settings: whom the AI answers (every contact or only new ones, decision 015) and, on a Cloud
 * number, whether the AI's answer goes as one message (decision 064).
 */
export interface NumberSettings {
  id: string;
  aiAudience?: AiAudience;
  oneBalloon?: boolean;
}

const updateNumberSettings = ({ id, aiAudience, oneBalloon }: NumberSettings) =>
  api.patch<NumberView>(`/api/numbers/${encodeURIComponent(id)}`, {
    ai_audience: aiAudience,
    one_balloon: oneBalloon,
  } satisfies UpdateNumberInput);

export function useUpdateNumberSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNumberSettings,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: numberKeys.all }),
  });
}
