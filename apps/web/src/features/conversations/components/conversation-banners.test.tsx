import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUsage, Me, NumberView } from '@vendai/contracts';
import { DEFAULT_ATTENDANT_PERMISSIONS } from '@vendai/contracts/team';
import { ConversationBanners } from './conversation-banners';

const usage = (ai: number, max = 300): CurrentUsage => ({
  total_trainnings: 0,
  max_trainnings: 5,
  qtd_agentes: 1,
  max_ai_responses: 1,
  qtd_instancias: 1,
  max_instances: 1,
  ai_messages: ai,
  max_ai_messages: max,
  media: { transcriptions: 0, transcribed_seconds: 0, descriptions: 0, documents: 0 },
  test_messages: 0,
  max_test_messages: 100,
  ai_assists: 0,
  max_ai_assists: 30,
  ai_assists_by_kind: { price_list: 0, training_questions: 0, media_requests: 0 },
});

const plan = (slug: string, priceCents: number) => ({
  id: 'p',
  slug,
  name: slug,
  description: '',
  priceCents,
  isFeatured: false,
  sortOrder: 0,
  maxAiMessages: 5000,
  maxAgents: 3,
  maxInstances: 2,
  maxTrainnings: 15,
});
const me = (p: ReturnType<typeof plan> | null): Me => ({
  user: { id: 'u', name: 'Ana', email: 'a@b.c', emailVerified: true },
  profile: { phone: null, countryCode: null, subscriptionStatus: null, timeZone: 'America/Sao_Paulo' },
  plan: p,
  planLabel: p ? p.name : 'Gratuito',
  team: { role: 'owner', accountId: 'u', accountName: 'Ana', size: 1, permissions: DEFAULT_ATTENDANT_PERMISSIONS },
});
const number = (status: 'CONECTADO' | 'DESCONECTADO', apelido: string | null = 'Loja Centro'): NumberView => ({
  id: Math.random().toString(36),
  phone: '5511987654321',
  instance_name: 'vendai43211234',
  apelido,
  status,
  agente: null,
  agente_nome: null,
  created_at: '2025-01-01T00:00:00Z',
  connected_at: null,
  ai_audience: 'all',
  connection_problem: null,
  provider: 'evolution',
  quality_rating: null,
  messaging_limit: null,
  one_balloon: false,
});

function show(numbers: NumberView[], u: CurrentUsage, m: Me) {
  return render(
    <MemoryRouter>
      <ConversationBanners numbers={numbers} usage={u} me={m} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('ConversationBanners', () => {
  it('nada a avisar: nenhum banner', () => {
    const { container } = show([number('CONECTADO')], usage(299), me(null));
    expect(container.textContent).toBe('');
  });

  it('plano gratuito no limite: a IA parou, com link para os planos', () => {
    show([number('CONECTADO')], usage(300), me(plan('freemium', 0)));
    expect(screen.getByRole('alert').textContent).toContain(
      'Você atingiu o limite de 300 mensagens de IA do plano gratuito',
    );
    expect(screen.getByRole('link', { name: 'Ver Planos' }).getAttribute('href')).toBe('/pricing');
  });

  it('plano pago no limite: o aviso de US$ 0,01 por mensagem, sem bloquear', () => {
    show([number('CONECTADO')], usage(5000, 5000), me(plan('expansao-ia', 4900)));
    const banner = screen.getByTestId('ai-limit-banner');
    expect(banner.textContent).toContain('cada mensagem respondida pela IA custa US$ 0,01');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('números desconectados, com o nome de exibição e o link para reconectar', () => {
    show([number('DESCONECTADO'), number('DESCONECTADO', null), number('CONECTADO', 'Outro')], usage(0), me(null));
    const banner = screen.getByTestId('disconnected-banner');
    expect(banner.textContent).toContain('2 WhatsApps estão desconectados: Loja Centro, WhatsApp +55 (11) 98765-4321.');
    expect(screen.getByRole('link', { name: 'Reconectar' }).getAttribute('href')).toBe('/instances-management');
  });
});
