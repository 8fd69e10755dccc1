import { cleanup, render, screen } from '@testing-library/react';
import type { Plan } from '@vendai/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanCard } from './plan-card';

const plan = (priceCents: number | null): Plan => ({
  id: 'p1',
  slug: priceCents ? 'expansao-ia' : 'freemium',
  name: priceCents ? 'Expansão IA' : 'Gratuito',
  description: '5.000 mensagens de IA por mês',
  priceCents,
  isFeatured: false,
  sortOrder: 1,
  maxAiMessages: 5000,
  maxAgents: 3,
  maxInstances: 2,
  maxTrainnings: 15,
});
const SALES = 'https://wa.me/5511999990000';

afterEach(cleanup);

describe('PlanCard when this server takes no payments', () => {
  it('a paid plan says how to subscribe (the sales contact) instead of a checkout button', () => {
    const onChoose = vi.fn();
    render(<PlanCard plan={plan(4700)} current={false} salesUrl={SALES} paymentsOff onChoose={onChoose} />);
    expect(screen.queryByRole('button', { name: 'Assinar Expansão IA' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Falar com a equipe para assinar' }).getAttribute('href')).toBe(SALES);
  });

  it('the free plan and payments on keep their buttons', () => {
    render(<PlanCard plan={plan(0)} current={false} salesUrl={SALES} paymentsOff onChoose={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Usar plano gratuito' })).toBeTruthy();
    cleanup();
    render(<PlanCard plan={plan(4700)} current={false} salesUrl={SALES} onChoose={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Assinar Expansão IA' })).toBeTruthy();
  });
});
