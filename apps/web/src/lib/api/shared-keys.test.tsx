import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentsQueryOptions } from './get-agents';
import { billingStatusQueryOptions } from './get-billing-status';
import { numbersQueryOptions } from './get-numbers';
import { plansQueryOptions } from './get-plans';
import { usageQueryOptions } from './get-usage';
import { useLinkNumberAgent } from './link-number-agent';
import { agentKeys, billingKeys, numberKeys, planKeys, usageKeys } from './query-keys';

const number = { id: '5e1f0c3a-0000-4000-8000-000000000001', agente: 'a1', agente_nome: 'Bia' };

describe('uma entrada de cache por recurso compartilhado', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('números, agentes, uso, assinatura e planos usam as chaves das fábricas', () => {
    expect(numbersQueryOptions.queryKey).toEqual(numberKeys.list());
    expect(agentsQueryOptions.queryKey).toEqual(agentKeys.list());
    expect(usageQueryOptions.queryKey).toEqual(usageKeys.all);
    expect(billingStatusQueryOptions.queryKey).toEqual(billingKeys.status());
    expect(plansQueryOptions.queryKey).toEqual(planKeys.all);
  });

  it('desligar o agente de um número atualiza a lista que todas as telas leem e invalida agentes', async () => {
    const unlinked = { ...number, agente: null, agente_nome: null };
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(unlinked), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(numberKeys.list(), [number]);
    client.setQueryData(agentKeys.list(), []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLinkNumberAgent(), { wrapper });

    await act(() => result.current.mutateAsync({ numberId: number.id, agentId: null }));

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/numbers/${number.id}`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ agente: null });
    expect(client.getQueryData(numberKeys.list())).toEqual([unlinked]);
    expect(client.getQueryState(agentKeys.list())?.isInvalidated).toBe(true);
  });
});
