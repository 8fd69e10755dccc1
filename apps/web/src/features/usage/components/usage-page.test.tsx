import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { CurrentUsage } from '@vendai/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsagePage } from './usage-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usage: CurrentUsage = {
  total_trainnings: 1,
  max_trainnings: 5,
  qtd_agentes: 1,
  max_ai_responses: 1,
  qtd_instancias: 0,
  max_instances: 1,
  ai_messages: 12,
  max_ai_messages: 300,
  media: { transcriptions: 2, transcribed_seconds: 130, descriptions: 1, documents: 0 },
  test_messages: 100,
  max_test_messages: 100,
  ai_assists: 7,
  max_ai_assists: 30,
  ai_assists_by_kind: { price_list: 2, training_questions: 4, media_requests: 1 },
};

describe('UsagePage', () => {
  it('shows each allowance against the plan, the AI assists by kind, in red once used up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(usage), { headers: { 'content-type': 'application/json' } })),
    );
    const router = createMemoryRouter([{ path: '/usage', element: <UsagePage /> }], { initialEntries: ['/usage'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const meters = await screen.findAllByTestId('usage-meter');
    const text = meters.map((m) => m.textContent);
    expect(text[0]).toContain('Mensagens de IA12/300');
    expect(text[1]).toContain('Mensagens de teste100/100');
    expect(text[2]).toContain('Usos de IA7/30');
    expect(text[2]).toContain(
      'Listas de preços lidas pela IA: 2 · Perguntas do treinamento: 4 · Transcrições e descrições pedidas: 1.',
    );
    expect(meters[1]!.querySelector('.text-red-700')).not.toBeNull();
    expect(meters[2]!.querySelector('.text-red-700')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver Planos' }).getAttribute('href')).toBe('/pricing');
  });
});
