import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectWhatsappPage } from './connect-whatsapp-page';

const QR_1 = 'data:image/png;base64,AAAA';
const QR_2 = 'data:image/png;base64,BBBB';
const instance = {
  id: '7b0c5a52-7d38-4a8e-9f0e-0a4d6a1f3c11',
  instance_name: 'vendai43211234',
  apelido: 'Loja Centro',
  phone: '5511987654321',
};

/** The server the screen talks to, at the fetch boundary: one JSON answer per path. */
function stubApi(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      const answer = answers[key];
      if (!answer)
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Não encontrado.' } }), {
          status: 404,
        });
      return new Response(JSON.stringify(answer()), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderScreen(state: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/onboarding/connect-whatsapp', element: <ConnectWhatsappPage /> },
      { path: '/dashboard', element: <p>painel</p> },
      { path: '/instances-management', element: <p>lista</p> },
    ],
    { initialEntries: [{ pathname: '/onboarding/connect-whatsapp', state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('tela de conexão do WhatsApp', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sem número no estado da rota mostra 'Número de telefone não fornecido' e não chama o servidor", () => {
    const calls = stubApi({});
    renderScreen(null);
    expect(screen.getByText('Número de telefone não fornecido')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('se a imagem do QR falha, pede o QR de novo uma vez; se falha de novo, mostra o erro', async () => {
    const calls = stubApi({
      [`GET /api/numbers/${instance.id}/qr`]: () => ({ qrCode: QR_2, status: 'DESCONECTADO' }),
      [`GET /api/numbers/${instance.id}/state`]: () => ({ state: 'connecting', status: 'DESCONECTADO' }),
    });
    renderScreen({ isReconnecting: true, qrCode: QR_1, instance });

    const first = await screen.findByRole<HTMLImageElement>('img', { name: 'QR Code para conectar o WhatsApp' });
    expect(first.getAttribute('src')).toBe(QR_1);
    expect(screen.getByTestId('countdown').textContent).toBe('01:30');

    fireEvent.error(first);
    const qrSrc = () => screen.getByRole('img', { name: 'QR Code para conectar o WhatsApp' }).getAttribute('src');
    await vi.waitFor(() => expect(qrSrc()).toBe(QR_2));
    expect(calls.filter((c) => c.endsWith('/qr'))).toHaveLength(1);

    fireEvent.error(screen.getByRole('img', { name: 'QR Code para conectar o WhatsApp' }));
    expect(await screen.findByText('Erro ao carregar QR Code. Tente novamente.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR Code para conectar o WhatsApp' })).toBeNull();
    expect(calls.filter((c) => c.endsWith('/qr'))).toHaveLength(1);
  });

  it('conectado: mostra o sucesso e vai ao painel 2 s depois', async () => {
    let connected = false;
    stubApi({
      [`GET /api/numbers/${instance.id}/state`]: () =>
        connected ? { state: 'open', status: 'CONECTADO' } : { state: 'connecting', status: 'DESCONECTADO' },
    });
    const router = renderScreen({ isReconnecting: true, qrCode: QR_1, instance });
    await screen.findByRole('img', { name: 'QR Code para conectar o WhatsApp' });

    connected = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_100);
    });
    expect(await screen.findByText('WhatsApp conectado!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding/connect-whatsapp');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_100);
    });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
