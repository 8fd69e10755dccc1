import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentKeys } from './query-keys';
import { agentsQueryOptions } from './get-agents';
import { useUpdateAgent } from './update-agent';

const agent = { id: '7b0c5a52-7d38-4a8e-9f0e-0a4d6a1f3c11', apelido: 'Bia', timing: 30 };

describe('useUpdateAgent e as chaves de agentes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('depois de salvar, toda lista de agentes em cache (página de agentes e seletor do inbox) e o agente atual são invalidados', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(agent), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const client = new QueryClient();
    // The one list key every screen reads (the inbox's picker used to cache the same list under a second key).
    expect(agentsQueryOptions.queryKey).toEqual(agentKeys.list());
    client.setQueryData(agentKeys.list(), [{ ...agent, timing: 0 }]);
    client.setQueryData(agentKeys.current(), { ...agent, timing: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUpdateAgent(), { wrapper });

    await act(() => result.current.mutateAsync({ id: agent.id, timing: 30 }));

    expect(client.getQueryState(agentKeys.list())?.isInvalidated).toBe(true);
    expect(client.getQueryState(agentKeys.current())?.isInvalidated).toBe(true);
    expect(client.getQueryData(agentKeys.detail(agent.id))).toEqual(agent);
  });
});
