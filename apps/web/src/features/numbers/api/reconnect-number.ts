import { useMutation } from '@tanstack/react-query';
import type { NumberQr } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** Reconectar a DESCONECTADO number: a new QR code (docs/product/rules.md#states-and-transitions). */
export const reconnectNumber = (id: string) => api.post<NumberQr>(`/api/numbers/${encodeURIComponent(id)}/reconnect`);

export function useReconnectNumber() {
  return useMutation({ mutationFn: reconnectNumber });
}
