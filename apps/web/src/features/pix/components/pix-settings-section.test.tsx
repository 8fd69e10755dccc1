import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PixSettings } from '@vendai/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PixSettingsSection } from './pix-settings-section';

const URL = 'https://app.vendai.com.br/webhooks/pix/0123456789abcdef0123456789abcdef';
const NOT_SET: PixSettings = {
  configured: false,
  provider: null,
  keyHint: null,
  webhookUrl: URL,
  webhookSecretSet: false,
  standinAvailable: false,
  standinUrl: null,
  updatedAt: null,
};

/** The server at the fetch boundary: GET answers `settings`; PUT records its body and answers `afterSave`. */
function stubServer(settings: PixSettings, afterSave: PixSettings) {
  const saved: unknown[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return json(afterSave);
      }
      return json(settings);
    }),
  );
  return saved;
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <PixSettingsSection /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Configurações → Pix with Mercado Pago (set-up in one pass)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the webhook URL before saving and saves the token without the secret', async () => {
    const saved = stubServer(NOT_SET, { ...NOT_SET, configured: true, provider: 'mercadopago', keyHint: '••••9999' });
    renderSection();
    fireEvent.click(await screen.findByLabelText('Mercado Pago'));
    expect((screen.getByLabelText('URL de notificações (webhook)') as HTMLInputElement).value).toBe(URL);
    fireEvent.change(screen.getByLabelText('Access token do Mercado Pago'), { target: { value: 'APP_USR-9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e testar' }));
    await waitFor(() => expect(saved).toEqual([{ provider: 'mercadopago', apiKey: 'APP_USR-9999' }]));
    expect(await screen.findByText(/Falta a assinatura secreta dos webhooks/)).toBeTruthy();
  });

  it('adds the secret later without asking for the token again', async () => {
    const configured = { ...NOT_SET, configured: true, provider: 'mercadopago' as const, keyHint: '••••9999' };
    const saved = stubServer(configured, { ...configured, webhookSecretSet: true });
    renderSection();
    expect(await screen.findByText(/Deixe em branco para manter o token atual \(••••9999\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Assinatura secreta dos webhooks (opcional)'), {
      target: { value: 'assinatura-secreta-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e testar' }));
    await waitFor(() => expect(saved).toEqual([{ provider: 'mercadopago', webhookSecret: 'assinatura-secreta-123' }]));
  });
});
