import type { NumberView } from '@vendai/contracts';

/** A connected QR number as GET /api/numbers lists it, for the numbers feature's tests. */
export function numberFixture(overrides: Partial<NumberView> = {}): NumberView {
  return {
    id: '5e1f0c3a-0000-4000-8000-000000000001',
    phone: '5511987654321',
    instance_name: 'vendai43211234',
    apelido: 'Loja Centro',
    status: 'CONECTADO',
    agente: null,
    agente_nome: null,
    created_at: '2026-01-01T00:00:00.000Z',
    connected_at: '2026-01-01T00:00:00.000Z',
    ai_audience: 'all',
    connection_problem: null,
    provider: 'evolution',
    quality_rating: null,
    messaging_limit: null,
    one_balloon: false,
    ...overrides,
  };
}
