import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { NumberView } from '@vendai/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberFixture } from './number-fixture';
import { NumbersPage } from './numbers-page';

const base = numberFixture();

describe("WhatsApp's: problemas avisados pela Meta", { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('mostra o aviso da Meta num número da API oficial conectado; o motivo antigo de um número QR conectado não', async () => {
    const cloud: NumberView = {
      ...base,
      id: '5e1f0c3a-0000-4000-8000-000000000002',
      apelido: 'Loja Oficial',
      provider: 'cloud',
      quality_rating: 'GREEN',
      messaging_limit: 'TIER_1K',
      connection_problem: 'A Meta avisou: a conta do WhatsApp Business está bloqueada pela Meta.',
    };
    const qr: NumberView = { ...base, connection_problem: 'Outro celular leu o QR code.' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).startsWith('/api/numbers') ? [qr, cloud] : {};
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NumbersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The table (wide screens) and the cards (phones) both render in the test's DOM.
    const shown = await screen.findAllByText(cloud.connection_problem!);
    expect(shown.length).toBeGreaterThan(0);
    expect(screen.queryByText(qr.connection_problem!)).toBeNull();
  });
});
