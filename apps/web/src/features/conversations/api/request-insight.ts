import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto, MessageInsightDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { setInsight, type MessagePages } from '../lib/cache-updates';
import { conversationKeys } from './query-keys';

/** 'Transcrever' / 'Descrever imagem': the server understands the media now (decision 016). */
export const requestInsight = ({ convId, messageId }: { convId: string; messageId: string }) =>
  api.post<MessageInsightDto>(
    `/api/conversations/${encodeURIComponent(convId)}/messages/${encodeURIComponent(messageId)}/insight`,
  );

export function useRequestInsight(message: MessageDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestInsight({ convId: message.convId, messageId: message.id }),
    // The server also pushes message.insight; the answer shows it at once in this tab.
    onSuccess: (insight) =>
      queryClient.setQueryData<MessagePages>(conversationKeys.messages(message.convId), (data) =>
        setInsight(data, insight),
      ),
  });
}
