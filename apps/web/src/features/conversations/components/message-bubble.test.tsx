import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MessageDto } from '@vendai/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageBubble } from './message-bubble';

const message = (overrides: Partial<MessageDto> = {}): MessageDto => ({
  id: 'm1',
  convId: 'c1',
  direction: 'in',
  content: 'quero 3 bolos',
  fromMe: false,
  author: 'contact',
  messageType: 'text',
  status: 'received',
  error: null,
  createdAt: '2026-11-22T15:00:00.000Z',
  media: null,
  ...overrides,
});

function show(m: MessageDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ul>
        <MessageBubble message={m} />
      </ul>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessageBubble: reactions, deletions, edits and AI failures', () => {
  it('labels what sent our message (its audit record); the owner’s own send has no label', () => {
    const out = { direction: 'out' as const, fromMe: true, status: 'sent' as const };
    show(message({ ...out, id: 'a', author: 'ai', origin: 'draft', content: 'Temos sim!' }));
    expect(screen.getByTestId('message-origin').textContent).toBe('· Aprovada por você');
    cleanup();
    show(message({ ...out, id: 'b', author: 'ai', origin: 'ai_touch', content: 'Ainda quer o bolo?' }));
    expect(screen.getByTestId('message-origin').textContent).toBe('· Acompanhamento');
    cleanup();
    show(message({ ...out, id: 'c', author: 'owner_app', origin: 'manual', content: 'Oi!' }));
    expect(screen.queryByTestId('message-origin')).toBeNull();
  });

  it('shows the reactions on the message they react to', () => {
    show(
      message({
        reactions: [
          { emoji: '👍', fromMe: false },
          { emoji: '❤️', fromMe: true },
        ],
      }),
    );
    expect(screen.getByLabelText('Reação do cliente: 👍')).toBeTruthy();
    expect(screen.getByLabelText('Sua reação: ❤️')).toBeTruthy();
  });

  it('shows "Mensagem apagada" instead of the content, and "editada" on an edited message', () => {
    show(message({ id: 'a', content: null, deletedAt: '2026-11-22T15:01:00.000Z' }));
    expect(screen.getByText('Mensagem apagada')).toBeTruthy();
    cleanup();
    show(message({ editedAt: '2026-11-22T15:02:00.000Z' }));
    expect(screen.getByText('quero 3 bolos')).toBeTruthy();
    expect(screen.getByText('editada')).toBeTruthy();
  });

  it('shows an AI failure with its reason and "Tentar novamente", which asks the server to retry', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const reason = 'A IA não conseguiu responder: o provedor de IA respondeu com erro 500.';
    show(
      message({
        id: 'n1',
        direction: 'out',
        fromMe: true,
        author: 'ai',
        status: 'failed',
        content: null,
        error: reason,
        aiFailure: { reason, retryable: true },
      }),
    );
    expect(screen.getByText(/A IA não conseguiu responder: o provedor de IA respondeu com erro 500\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/conversations/c1/messages/n1/retry');
    expect(init.method).toBe('POST');
  });
});
