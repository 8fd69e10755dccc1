import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessSettings } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { businessKeys } from './query-keys';

/**
 * GET /api/settings/business: time zone, week, closed days and the business's facts, the one record the
 * settings page edits and the training and Conhecimento show (docs/decisions/066-business-facts-in-one-place.md).
 */
export const businessSettingsQueryOptions = queryOptions({
  queryKey: businessKeys.settings(),
  queryFn: () => api.get<BusinessSettings>('/api/settings/business'),
});

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions);
}
