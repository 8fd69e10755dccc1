import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { INVALID_PHONE, NICKNAME_REQUIRED, PHONE_IN_USE_TEXT } from '@vendai/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneEntryDialog } from './phone-entry-dialog';

function stubCheckPhone(answer: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body ?? '{}')));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function renderDialog() {
  const router = createMemoryRouter(
    [
      { path: '/instances-management', element: <PhoneEntryDialog open onOpenChange={() => {}} /> },
      { path: '/onboarding/connect-whatsapp', element: <p>tela de conexão</p> },
    ],
    { initialEntries: ['/instances-management'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const connect = () => fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));

// Rendering the phone input is slow on a busy machine: a generous budget per test (nothing here is timed).
describe('diálogo de novo WhatsApp (react-hook-form + phoneEntrySchema)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('valida antes de enviar: as duas mensagens, ligadas aos campos, e o foco no número (o primeiro campo)', async () => {
    const sent = stubCheckPhone({ status: 200, body: { exists: false, ownedByYou: false } });
    renderDialog();
    fireEvent.change(field('Número do WhatsApp'), { target: { value: '+55 11 98' } });
    connect();
    await waitFor(() => expect(screen.getByText(NICKNAME_REQUIRED)).toBeTruthy());
    expect(screen.getByText(INVALID_PHONE)).toBeTruthy();
    expect(field('Apelido da instância').getAttribute('aria-describedby')).toBe('new-number-apelido-error');
    expect(field('Número do WhatsApp').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Número do WhatsApp'));
    expect(sent).toEqual([]);
  });

  it("número em uso: 'Tentar outro número' volta ao formulário com o que foi digitado e o foco no número", async () => {
    const sent = stubCheckPhone({ status: 200, body: { exists: true, ownedByYou: false } });
    renderDialog();
    fireEvent.change(field('Número do WhatsApp'), { target: { value: '+5511987654321' } });
    fireEvent.change(field('Apelido da instância'), { target: { value: '  Loja Centro ' } });
    connect();
    await waitFor(() => expect(screen.getByText(PHONE_IN_USE_TEXT)).toBeTruthy());
    expect(sent).toEqual([{ phone: '+5511987654321' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar outro número' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Número do WhatsApp')));
    expect(field('Apelido da instância').value).toBe('  Loja Centro ');
  });

  it('número livre: segue para a tela de conexão com o número e o apelido aparado', async () => {
    stubCheckPhone({ status: 200, body: { exists: false, ownedByYou: false } });
    const router = renderDialog();
    fireEvent.change(field('Número do WhatsApp'), { target: { value: '+5511987654321' } });
    fireEvent.change(field('Apelido da instância'), { target: { value: '  Loja Centro ' } });
    connect();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/connect-whatsapp'));
    expect(router.state.location.state).toEqual({ phoneNumber: '+5511987654321', nickname: 'Loja Centro' });
  });

  it('um 400 com campos do servidor vai para o campo certo', async () => {
    stubCheckPhone({
      status: 400,
      body: {
        error: { code: 'VALIDATION', message: 'Dados inválidos.', fields: { phone: 'Número recusado pelo servidor.' } },
      },
    });
    renderDialog();
    fireEvent.change(field('Número do WhatsApp'), { target: { value: '+5511987654321' } });
    fireEvent.change(field('Apelido da instância'), { target: { value: 'Loja' } });
    connect();
    await waitFor(() => expect(screen.getByText('Número recusado pelo servidor.')).toBeTruthy());
    expect(field('Número do WhatsApp').getAttribute('aria-describedby')).toBe('new-number-phone-error');
  });
});
