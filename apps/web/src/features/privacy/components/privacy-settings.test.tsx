import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrivacySettings } from './privacy-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWith(fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetch));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PrivacySettings />
    </QueryClientProvider>,
  );
}

describe('PrivacySettings', () => {
  it('shows how long media is kept', async () => {
    renderWith(async () => json(200, { mediaRetentionDays: 180 }));
    await waitFor(() => expect(screen.getByTestId('media-retention').textContent).toContain('180 dias'));
  });

  it('shows the export’s refusal and a wrong password in the deletion dialog', async () => {
    renderWith(async (url) => {
      if (url === '/api/privacy') return json(200, { mediaRetentionDays: 180 });
      if (url === '/api/privacy/export')
        return json(429, { error: { code: 'RATE_LIMITED', message: 'Aguarde alguns minutos.' } });
      return json(400, {
        error: { code: 'VALIDATION', message: 'Senha incorreta.', fields: { password: 'Senha incorreta.' } },
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar meus dados' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Aguarde alguns minutos.');

    fireEvent.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    fireEvent.change(screen.getByLabelText('Digite sua senha para confirmar'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Excluir definitivamente' }));
    await waitFor(() =>
      expect(document.getElementById('delete-account-password-error')?.textContent).toBe('Senha incorreta.'),
    );
  });
});
