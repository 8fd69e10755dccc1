import type { ConversationApprovalDto, ReplyDraftDto } from '@vendai/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftSlot } from './draft-slot';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DRAFT: ReplyDraftDto = {
  id: '6f1c2a8e-0000-4000-8000-000000000001',
  conv_id: 'c1',
  state: 'pending',
  parts: ['Temos sim!'],
  customer_text: 'Tem a blusa azul?',
  due_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  timeout_action: 'discard',
  edited: false,
  decided_by: null,
  error: null,
  created_at: new Date().toISOString(),
};
const approval = (draft: ReplyDraftDto | null): ConversationApprovalDto => ({
  mode: null,
  agent_mode: true,
  effective: true,
  draft,
});

function renderSlot(fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  const spy = vi.fn(fetch);
  vi.stubGlobal('fetch', spy);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DraftSlot convId="c1" />
    </QueryClientProvider>,
  );
  return spy;
}

describe('the suggestion above the message box', () => {
  it('Enviar after Editar posts the edited text; the card becomes what happened', async () => {
    const spy = renderSlot(async (url, init) => {
      if (init?.method === 'POST') return json(200, { ...DRAFT, state: 'sent', edited: true, decided_by: 'inbox' });
      return json(200, approval(DRAFT));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    fireEvent.change(screen.getByLabelText(/Texto da resposta/), { target: { value: 'Temos, R$ 79,90!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar editada' }));
    expect(await screen.findByText('Sugestão editada enviada.')).toBeTruthy();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/conversations/c1/drafts/${DRAFT.id}/send`);
    expect(JSON.parse(String(post[1]!.body))).toEqual({ text: 'Temos, R$ 79,90!' });
  });

  it('a 409 is shown in Portuguese, the card follows the server and the edited text is kept to copy', async () => {
    let gone = false;
    renderSlot(async (_url, init) => {
      if (init?.method === 'POST') {
        gone = true;
        return json(409, { error: { code: 'CONFLICT', message: 'Esta sugestão já foi enviada.' } });
      }
      return json(200, approval(gone ? null : DRAFT));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    fireEvent.change(screen.getByLabelText(/Texto da resposta/), { target: { value: 'Meu texto cuidadoso' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar editada' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta sugestão já foi enviada.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sugestão da IA' })).toBeNull());
    expect(screen.getByText('Meu texto cuidadoso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar texto' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso da sugestão' }));
    expect(screen.queryByText('Meu texto cuidadoso')).toBeNull();
  });
});
