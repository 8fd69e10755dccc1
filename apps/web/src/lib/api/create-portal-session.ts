import type { PortalSession } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** POST /api/billing/create-portal-session: the payment portal's address for the signed-in user. */
export const createPortalSession = () => api.post<PortalSession>('/api/billing/create-portal-session', {});
