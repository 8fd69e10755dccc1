import type { CreateNumberInput, CreatedNumber } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** Adds the number, creates its instance at the gateway and returns the first QR. */
export const createNumber = (input: CreateNumberInput) => api.post<CreatedNumber>('/api/numbers', { ...input });
