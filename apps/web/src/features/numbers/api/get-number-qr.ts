import type { NumberQr } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** A fresh QR for a number being connected (asked on demand, never cached). */
export const getNumberQr = (id: string) => api.get<NumberQr>(`/api/numbers/${encodeURIComponent(id)}/qr`);
