import { useMutation } from '@tanstack/react-query';
import type { NumberQr } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** Reconectar a DESCONECTADO number: a new QR code (part 2 §4). */
export const reconnectNumber = (id: string) => api.post<NumberQr>(`/api/numbers/${encodeURIComponent(id)}/reconnect`);

export function useReconnectNumber() {
  return useMutation({ mutationFn: reconnectNumber });
}
