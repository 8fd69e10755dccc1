import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationToolsKeys } from './query-keys';

const notesUrl = (convId: string) => `/api/conversations/${encodeURIComponent(convId)}/notes`;

/** A conversation's private notes, oldest first (never sent to the customer). */
export function useNotes(convId: string) {
  return useQuery({
    queryKey: conversationToolsKeys.notes(convId),
    queryFn: async () => (await api.get<{ items: NoteDto[] }>(notesUrl(convId))).items,
  });
}

export function useCreateNote(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<NoteDto>(notesUrl(convId), { text }),
    onSuccess: (note) =>
      queryClient.setQueryData<NoteDto[]>(conversationToolsKeys.notes(convId), (list) =>
        list && !list.some((n) => n.id === note.id) ? [...list, note] : list,
      ),
  });
}

export function useDeleteNote(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api.delete<void>(`${notesUrl(convId)}/${encodeURIComponent(noteId)}`),
    onSuccess: (_, noteId) =>
      queryClient.setQueryData<NoteDto[]>(conversationToolsKeys.notes(convId), (list) =>
        list?.filter((n) => n.id !== noteId),
      ),
  });
}
