import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmOrderInput,
  ManualPixChargeInput,
  OrderDto,
  PixSettings,
  SavePixSettingsInput,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';

const pixKeys = {
  settings: ['pix', 'settings'] as const,
  orders: (convId: string) => ['pix', 'orders', convId] as const,
};

/** Configurações → Pagamentos Pix: GET /api/pix/settings (never the key, only its end). */
export function usePixSettings() {
  return useQuery({ queryKey: pixKeys.settings, queryFn: () => api.get<PixSettings>('/api/pix/settings') });
}

/** Saves the provider and key; the server tests the key first (a refusal is an ApiError with the reason). */
export function useSavePixSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePixSettingsInput) => api.put<PixSettings>('/api/pix/settings', input),
    onSuccess: (data) => queryClient.setQueryData(pixKeys.settings, data),
  });
}

export function useRemovePixSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<PixSettings>('/api/pix/settings'),
    onSuccess: (data) => queryClient.setQueryData(pixKeys.settings, data),
  });
}

/** A conversation's orders and their Pix (newest first); refreshed while one waits for payment. */
export function useConversationOrders(convId: string) {
  return useQuery({
    queryKey: pixKeys.orders(convId),
    queryFn: () => api.get<{ orders: OrderDto[] }>(`/api/pix/orders?convId=${encodeURIComponent(convId)}`),
    refetchInterval: (q) =>
      q.state.data?.orders.some((o) => o.status === 'pending' || o.status === 'awaiting_payment') ? 3_000 : 30_000,
  });
}

/** 'Cobrar com Pix': one order per request id (a retried click is the same charge). */
export function useManualCharge(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualPixChargeInput) => api.post<OrderDto>('/api/pix/charges', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pixKeys.orders(convId) }),
  });
}

/** 'Confirmar e cobrar' on an order waiting for the owner (an item 'sob consulta'): the same charge path follows. */
export function useConfirmOrder(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: ConfirmOrderInput }) =>
      api.post<OrderDto>(`/api/pix/orders/${encodeURIComponent(orderId)}/confirm`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pixKeys.orders(convId) }),
  });
}

/** 'Recusar': nothing is charged. */
export function useDeclineOrder(convId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<OrderDto>(`/api/pix/orders/${encodeURIComponent(orderId)}/decline`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pixKeys.orders(convId) }),
  });
}
