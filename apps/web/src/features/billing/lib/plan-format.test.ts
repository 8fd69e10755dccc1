import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkoutErrorText, formatPlanPrice, isCurrentPlan, parseAmountToCents, planBullets } from './plan-format';

const plan = (over: Partial<Parameters<typeof isCurrentPlan>[0]> = {}) => ({
  id: 'p1',
  slug: 'expansao-ia',
  name: 'Expansão IA',
  description: '',
  priceCents: 4700,
  isFeatured: true,
  sortOrder: 2,
  maxAiMessages: 5000,
  maxAgents: 3,
  maxInstances: 2,
  maxTrainnings: 15,
  ...over,
});

describe('plan formatting', () => {
  it('splits the description on • and drops blanks', () => {
    expect(planBullets('5.000 mensagens • 3 agentes •  • Retreinar 15x ')).toEqual([
      '5.000 mensagens',
      '3 agentes',
      'Retreinar 15x',
    ]);
  });
  it('shows price_cents/100 in dollars', () => {
    expect(formatPlanPrice(4700).replace(/\s/g, ' ')).toBe('US$ 47,00');
    expect(formatPlanPrice(0).replace(/\s/g, ' ')).toBe('US$ 0,00');
  });
  it('treats no plan as the free plan for Plano Atual', () => {
    expect(isCurrentPlan(plan({ slug: 'freemium', id: 'f' }), null)).toBe(true);
    expect(isCurrentPlan(plan(), null)).toBe(false);
    expect(isCurrentPlan(plan(), plan())).toBe(true);
  });
  it('gives the server message, or Erro HTTP {status} when there is none', () => {
    expect(checkoutErrorText(new ApiError(503, 'NOT_CONFIGURED', 'Pagamentos não configurados'))).toBe(
      'Pagamentos não configurados',
    );
    expect(checkoutErrorText(new ApiError(502, 'HTTP', 'Erro inesperado. Tente novamente.'))).toBe('Erro HTTP 502');
  });
});

describe('parseAmountToCents', () => {
  it('reads pt-BR amounts as integer cents', () => {
    expect(parseAmountToCents('50')).toBe(5000);
    expect(parseAmountToCents('50,5')).toBe(5050);
    expect(parseAmountToCents('1.234,56')).toBe(123456);
    expect(parseAmountToCents('US$ 10,00')).toBe(1000);
    expect(parseAmountToCents('0')).toBe(0);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1,234', '10.5', '1,2,3']) expect(parseAmountToCents(bad)).toBeNull();
  });
});
