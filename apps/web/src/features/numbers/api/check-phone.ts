import { useMutation } from '@tanstack/react-query';
import type { CheckPhoneInput, CheckPhoneResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** check_phone_exists (docs/product/rules.md#validation): is this normalised number connected in any account? */
export const checkPhone = (input: CheckPhoneInput) =>
  api.post<CheckPhoneResult>('/api/numbers/check-phone', { ...input });

export function useCheckPhone() {
  return useMutation({ mutationFn: checkPhone });
}
