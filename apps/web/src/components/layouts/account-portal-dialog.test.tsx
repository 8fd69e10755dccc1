import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@vendai/contracts';
import { DEFAULT_ATTENDANT_PERMISSIONS } from '@vendai/contracts/team';
import { AccountPortalDialog } from './account-portal-dialog';

const paid = {
  id: 'p',
  slug: 'expansao-ia',
  name: 'Expansão IA',
  description: '',
  priceCents: 9700,
  isFeatured: false,
  sortOrder: 1,
  maxAiMessages: 5000,
  maxAgents: 3,
  maxInstances: 2,
  maxTrainnings: 15,
};
const me: Me = {
  user: { id: 'u', name: 'Ana', email: 'a@b.c', emailVerified: true },
  profile: { phone: null, countryCode: null, subscriptionStatus: 'active', timeZone: 'America/Sao_Paulo' },
  plan: paid,
  planLabel: paid.name,
  team: { role: 'owner', accountId: 'u', accountName: 'Ana', size: 1, permissions: DEFAULT_ATTENDANT_PERMISSIONS },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Acesso Indisponível', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('o link de suporte usa o SUPPORT_EMAIL da configuração pública', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/config'
          ? json({ supportEmail: 'ajuda@loja.com.br' })
          : json({ error: { code: 'NOT_FOUND', message: 'Sem cliente de pagamento.' } }, 404),
      ),
    );
    render(<AccountPortalDialog me={me} open onOpenChange={() => {}} />);
    expect(await screen.findByText('Acesso Indisponível')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Falar com o suporte' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('mailto:ajuda@loja.com.br'));
  });
});
