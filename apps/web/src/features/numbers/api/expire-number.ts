import type { ExpireResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** The countdown ran out: the server removes a number that never connected (docs/product/rules.md#states-and-transitions). */
export const expireNumber = (id: string) => api.post<ExpireResult>(`/api/numbers/${encodeURIComponent(id)}/expire`);
