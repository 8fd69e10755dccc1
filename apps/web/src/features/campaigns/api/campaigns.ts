import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AudiencePreview,
  CampaignAudienceInput,
  CampaignDto,
  CampaignInput,
  CampaignTemplateDto,
  CampaignTemplateInput,
  ConsentImportResult,
  ConsentInput,
  ConsentState,
  FunnelStageList,
  LabelDto,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** Query keys of 'Campanhas' (docs/decisions/072-campaigns.md). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => ['campaigns', 'list'] as const,
  consent: (convId: string) => ['campaigns', 'consent', convId] as const,
  audience: (numberId: string, audience: CampaignAudienceInput) =>
    ['campaigns', 'audience', numberId, audience] as const,
  labels: ['campaigns', 'labels'] as const,
  stages: ['campaigns', 'stages'] as const,
  templates: (numberId: string) => ['campaigns', 'templates', numberId] as const,
};

const consentUrl = (convId: string) => `/api/campaigns/consent/${encodeURIComponent(convId)}`;

/** The contact's marketing consent (the contact panel). */
export function useConsent(convId: string) {
  return useQuery({ queryKey: campaignKeys.consent(convId), queryFn: () => api.get<ConsentState>(consentUrl(convId)) });
}

export function useRecordConsent(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentInput) => api.put<ConsentState>(consentUrl(convId), input),
    onSuccess: (state) => queryClient.setQueryData(campaignKeys.consent(convId), state),
  });
}

export function useWithdrawConsent(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<ConsentState>(consentUrl(convId)),
    onSuccess: (state) => queryClient.setQueryData(campaignKeys.consent(convId), state),
  });
}

/** The account's campaigns with their results; refreshed every few seconds while one is sending. */
export function useCampaigns() {
  return useQuery({
    queryKey: campaignKeys.list(),
    queryFn: async () => (await api.get<{ items: CampaignDto[] }>('/api/campaigns')).items,
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'sending') ? 4_000 : false),
  });
}

/** The live count of an audience (who receives it, who is excluded and why, the cost). */
export function useAudiencePreview(numberId: string | null, audience: CampaignAudienceInput) {
  return useQuery({
    queryKey: campaignKeys.audience(numberId ?? '', audience),
    queryFn: () => api.post<AudiencePreview>('/api/campaigns/audience', { numberId, audience }),
    enabled: Boolean(numberId),
    placeholderData: keepPreviousData,
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) => api.post<CampaignDto>('/api/campaigns', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' | 'cancel' }) =>
      api.post<CampaignDto>(`/api/campaigns/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.list() }),
  });
}

export function useSuggestText() {
  return useMutation({
    mutationFn: (goal: string) => api.post<{ text: string }>('/api/campaigns/suggest', { goal }),
  });
}

export function useImportConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      api.post<ConsentImportResult>('/api/campaigns/consent/import', { csv, declaration: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** The account's labels and funnel stages, for the audience's filters. */
export function useAudienceOptions() {
  const labels = useQuery({
    queryKey: campaignKeys.labels,
    queryFn: async () => (await api.get<{ items: LabelDto[] }>('/api/labels')).items,
  });
  const stages = useQuery({
    queryKey: campaignKeys.stages,
    queryFn: async () => (await api.get<FunnelStageList>('/api/funnel/stages')).items,
  });
  return { labels: labels.data ?? [], stages: stages.data ?? [] };
}

/** The number's submitted templates (decision 075); refreshed every few seconds while Meta reviews one. */
export function useCampaignTemplates(numberId: string | null) {
  return useQuery({
    queryKey: campaignKeys.templates(numberId ?? ''),
    queryFn: async () =>
      (
        await api.get<{ items: CampaignTemplateDto[] }>(
          `/api/campaigns/templates?numberId=${encodeURIComponent(numberId ?? '')}`,
        )
      ).items,
    enabled: Boolean(numberId),
    refetchInterval: (q) => (q.state.data?.some((t) => t.status === 'PENDING') ? 4_000 : false),
  });
}

/** 'Enviar para aprovação da Meta'. */
export function useSubmitTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignTemplateInput) => api.post<CampaignTemplateDto>('/api/campaigns/templates', input),
    onSuccess: (t) => queryClient.invalidateQueries({ queryKey: campaignKeys.templates(t.numberId) }),
  });
}
