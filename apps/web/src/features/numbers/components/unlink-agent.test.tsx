import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { NumberView } from '@vendai/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberKeys } from '@/lib/api/query-keys';
import { LinkNumberToAgent } from './link-number-to-agent';
import { numberFixture } from './number-fixture';

const linked = numberFixture({ agente: '7b0c5a52-7d38-4a8e-9f0e-0a4d6a1f3c11', agente_nome: 'Bia' });

describe("WhatsApp's: desligar o agente de um número", { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('"Desligar agente" confirma, envia agente null e a lista passa a mostrar o número sem agente', async () => {
    const sent: { url: string; method?: string; body?: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const body = init?.method === 'PATCH' ? { ...linked, agente: null, agente_nome: null } : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(numberKeys.list(), [linked]);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LinkNumberToAgent number={linked} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Desligar agente de Loja Centro' }));
    expect(await screen.findByText('Desligar o agente deste WhatsApp?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desligar agente' }));

    await waitFor(() => expect(sent.find((r) => r.method === 'PATCH')).toBeTruthy());
    expect(sent.find((r) => r.method === 'PATCH')).toEqual({
      url: `/api/numbers/${linked.id}`,
      method: 'PATCH',
      body: { agente: null },
    });
    await waitFor(() => expect(client.getQueryData<NumberView[]>(numberKeys.list())?.[0]?.agente ?? null).toBeNull());
  });
});
