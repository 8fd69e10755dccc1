import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeleteAccountInput, PrivacySummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';

const privacyKeys = { summary: ['privacy'] as const };

/** How long media is kept (GET /api/privacy). */
export function usePrivacySummary() {
  return useQuery({ queryKey: privacyKeys.summary, queryFn: () => api.get<PrivacySummary>('/api/privacy') });
}

/** 'Exportar meus dados': the zip is fetched, then saved by the browser. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await api.download('/api/privacy/export');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}

/** 'Excluir minha conta': the answer ends the session; the caller leaves the app. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      api.post<void>('/api/privacy/delete-account', input, { silent401: true }),
  });
}
