import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { INVALID_PHONE, PASSWORD_MISMATCH } from '@vendai/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './register-form';

/** The server at the fetch boundary: every POST answers `answer`; the bodies sent are recorded. */
function stubApi(answer: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.body) sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function renderForm() {
  const router = createMemoryRouter([{ path: '/register', element: <RegisterForm /> }], {
    initialEntries: ['/register'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));

/** The message tied to a field: aria-invalid, and aria-describedby pointing at the text. */
function messageOf(label: string): string | null {
  const field = input(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function fillValid() {
  type('Nome completo', 'Mariana Souza');
  type('E-mail', '  Mariana@Exemplo.com.br ');
  type('Senha', 'senha-forte-123');
  type('Confirmar senha', 'senha-forte-123');
}

// Rendering the phone input is slow on a busy machine: a generous budget per test (nothing here is timed).
describe('cadastro (react-hook-form + registerSchema)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('enviado vazio: cada campo mostra a mensagem do contrato, ligada ao campo, e o primeiro recebe o foco; nada é enviado', async () => {
    const sent = stubApi({ status: 200, body: {} });
    renderForm();
    submit();
    await waitFor(() => expect(messageOf('Nome completo')).toBe('Informe seu nome completo.'));
    expect(messageOf('E-mail')).toBe('Informe um e-mail válido.');
    expect(messageOf('Senha')).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(screen.getByText(INVALID_PHONE)).toBeTruthy();
    expect(document.activeElement).toBe(input('Nome completo'));
    expect(sent).toEqual([]);
  });

  it('digitar num campo apaga só a mensagem dele; a próxima tentativa valida de novo', async () => {
    stubApi({ status: 200, body: {} });
    renderForm();
    submit();
    await waitFor(() => expect(messageOf('Nome completo')).not.toBeNull());
    type('Nome completo', 'M');
    await waitFor(() => expect(messageOf('Nome completo')).toBeNull());
    expect(messageOf('E-mail')).toBe('Informe um e-mail válido.');
    type('Nome completo', '   ');
    submit();
    await waitFor(() => expect(messageOf('Nome completo')).toBe('Informe seu nome completo.'));
  });

  it('senhas diferentes: a mensagem aparece enquanto digita e o botão fica desabilitado', async () => {
    stubApi({ status: 200, body: {} });
    renderForm();
    type('Senha', 'senha-forte-123');
    type('Confirmar senha', 'senha-forte-12');
    await waitFor(() => expect(messageOf('Confirmar senha')).toBe(PASSWORD_MISMATCH));
    expect((screen.getByRole('button', { name: 'Criar conta' }) as HTMLButtonElement).disabled).toBe(true);
    type('Confirmar senha', 'senha-forte-123');
    await waitFor(() => expect(messageOf('Confirmar senha')).toBeNull());
    expect((screen.getByRole('button', { name: 'Criar conta' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('telefone inválido: só ele fica com erro, e recebe o foco; o que foi digitado continua lá', async () => {
    const sent = stubApi({ status: 200, body: {} });
    renderForm();
    fillValid();
    type('Telefone (WhatsApp)', '+55 12');
    submit();
    await waitFor(() => expect(messageOf('Telefone (WhatsApp)')).toBe(INVALID_PHONE));
    expect(messageOf('Nome completo')).toBeNull();
    expect(document.activeElement).toBe(input('Telefone (WhatsApp)'));
    expect(input('Nome completo').value).toBe('Mariana Souza');
    expect(sent).toEqual([]);
  });

  it('os campos do corpo {error:{fields}} do servidor vão para os campos certos; o e-mail vai aparado e em minúsculas', async () => {
    const sent = stubApi({
      status: 409,
      body: {
        error: { code: 'CONFLICT', message: 'Dados inválidos.', fields: { email: 'Este e-mail já está cadastrado.' } },
      },
    });
    renderForm();
    fillValid();
    type('Telefone (WhatsApp)', '+5511987654321');
    submit();
    await waitFor(() => expect(messageOf('E-mail')).toBe('Este e-mail já está cadastrado.'));
    expect(document.activeElement).toBe(input('E-mail'));
    expect(messageOf('Nome completo')).toBeNull();
    expect(sent).toEqual([
      {
        fullName: 'Mariana Souza',
        email: 'mariana@exemplo.com.br',
        phone: '+5511987654321',
        password: 'senha-forte-123',
        confirmPassword: 'senha-forte-123',
      },
    ]);
  });

  it('um erro sem campos aparece como alerta do formulário', async () => {
    stubApi({ status: 500, body: { error: { code: 'INTERNAL', message: 'Erro interno. Tente novamente.' } } });
    renderForm();
    fillValid();
    type('Telefone (WhatsApp)', '+5511987654321');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Erro interno. Tente novamente.'));
  });
});
