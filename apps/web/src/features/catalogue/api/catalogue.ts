import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueItem,
  CatalogueItemInput,
  CatalogueList,
  ImportPlan,
  ImportRead,
  ImportRequest,
  ImportResult,
  PriceGuardSettings,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/api/query-keys';

export function useCatalogue(q: string, archived: boolean) {
  return useQuery({
    queryKey: catalogueKeys.list(q, archived),
    queryFn: () => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (archived) search.set('archived', 'true');
      const s = search.toString();
      return api.get<CatalogueList>(`/api/catalogue${s ? `?${s}` : ''}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes every list (search results, archived tab, counts). */
function useCatalogueMutation<V>(fn: (vars: V) => Promise<CatalogueItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

export const useSaveItem = () =>
  useCatalogueMutation(({ id, input }: { id: string | null; input: CatalogueItemInput }) =>
    id ? api.put<CatalogueItem>(`/api/catalogue/${id}`, input) : api.post<CatalogueItem>('/api/catalogue', input),
  );

export const useDuplicateItem = () =>
  useCatalogueMutation((id: string) => api.post<CatalogueItem>(`/api/catalogue/${id}/duplicate`));

export const useArchiveItem = () =>
  useCatalogueMutation(({ id, archived }: { id: string; archived: boolean }) =>
    api.post<CatalogueItem>(`/api/catalogue/${id}/archive`, { archived }),
  );

export const useUploadPhoto = () =>
  useCatalogueMutation(({ id, file }: { id: string; file: File }) =>
    api.upload<CatalogueItem>('PUT', `/api/catalogue/${id}/photo`, file),
  );

export const useReadSpreadsheet = () =>
  useMutation({
    mutationFn: (file: File) =>
      api.upload<ImportRead>(
        'POST',
        '/api/catalogue/import/read',
        // PDFs and photos go as they are (the AI reads them); spreadsheets by extension, since browsers
        // label .csv differently (text/csv, application/vnd.ms-excel…).
        file.type === 'application/pdf' || file.type.startsWith('image/')
          ? file
          : new Blob([file], { type: /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv' }),
      ),
  });

export const usePreviewImport = () =>
  useMutation({
    mutationFn: (request: ImportRequest) => api.post<ImportPlan>('/api/catalogue/import/preview', request),
  });

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => api.post<ImportResult>('/api/catalogue/import/apply', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function usePriceGuard(agentId: string | null) {
  return useQuery({
    queryKey: catalogueKeys.priceGuard(agentId ?? ''),
    queryFn: () => api.get<PriceGuardSettings>(`/api/catalogue/agents/${agentId}/price-guard`),
    enabled: Boolean(agentId),
  });
}

export function useSavePriceGuard(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PriceGuardSettings) =>
      api.put<PriceGuardSettings>(`/api/catalogue/agents/${agentId}/price-guard`, input),
    onSuccess: (data) => queryClient.setQueryData(catalogueKeys.priceGuard(agentId), data),
  });
}
