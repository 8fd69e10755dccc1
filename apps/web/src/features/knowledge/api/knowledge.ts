import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentEditInput,
  DocumentList,
  DocumentPassages,
  DocumentTextInput,
  Faq,
  FaqInput,
  FaqList,
  KnowledgeDocument,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from '@/lib/api/query-keys';

export function useFaqs(q: string) {
  return useQuery({
    queryKey: knowledgeKeys.faqs(q),
    queryFn: () => api.get<FaqList>(`/api/knowledge/faqs${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes every list (search results and proposals). */
function useKnowledgeMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}

/** Creates an entry, or saves one (a proposed entry saved is accepted). */
export const useSaveFaq = () =>
  useKnowledgeMutation(({ id, input }: { id: string | null; input: FaqInput }) =>
    id ? api.put<Faq>(`/api/knowledge/faqs/${id}`, input) : api.post<Faq>('/api/knowledge/faqs', input),
  );

/** Deletes an entry or dismisses a proposed one. */
export const useDeleteFaq = () => useKnowledgeMutation((id: string) => api.delete<void>(`/api/knowledge/faqs/${id}`));

export function useDocuments() {
  return useQuery({
    queryKey: knowledgeKeys.documents(),
    queryFn: () => api.get<DocumentList>('/api/knowledge/documents'),
  });
}

/** Adds pasted text or a page's text as a document. */
export const useAddTextDocument = () =>
  useKnowledgeMutation((input: DocumentTextInput) => api.post<KnowledgeDocument>('/api/knowledge/documents', input));

/** Uploads a PDF (its raw bytes) as a document titled `title`. */
export const useUploadPdfDocument = () =>
  useKnowledgeMutation(({ file, title }: { file: File; title: string }) =>
    api.upload<KnowledgeDocument>(
      'POST',
      `/api/knowledge/documents/pdf?title=${encodeURIComponent(title)}`,
      new Blob([file], { type: 'application/pdf' }),
    ),
  );

/** A document's text as kept (its passages), to read and edit. */
export function useDocument(id: string) {
  return useQuery({
    queryKey: knowledgeKeys.document(id),
    queryFn: () => api.get<DocumentPassages>(`/api/knowledge/documents/${id}`),
  });
}

/** Saves a document's title and text (the server cuts it into passages again). */
export const useEditDocument = () =>
  useKnowledgeMutation(({ id, input }: { id: string; input: DocumentEditInput }) =>
    api.put<KnowledgeDocument>(`/api/knowledge/documents/${id}`, input),
  );

export const useDeleteDocument = () =>
  useKnowledgeMutation((id: string) => api.delete<void>(`/api/knowledge/documents/${id}`));
