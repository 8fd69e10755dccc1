import type { OrderDto } from '@vendai/contracts';
import type { OrderRow } from '../../domain/orders/orders-repository.ts';

export function toOrderDto(o: OrderRow): OrderDto {
  return {
    id: o.id,
    convId: o.convId,
    source: o.source,
    description: o.description,
    lines: o.lines,
    totalCents: o.totalCents,
    status: o.status,
    error: o.error,
    copiaECola: o.copiaECola,
    expiresAt: o.expiresAt?.toISOString() ?? null,
    paidAt: o.paidAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}
