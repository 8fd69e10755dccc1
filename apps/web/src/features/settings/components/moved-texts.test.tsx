import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MovedTexts } from './moved-texts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TEXTS = [
  {
    from: 'faq' as const,
    topic: 'payment' as const,
    question: 'Aceita cartão?',
    answer: 'Só Pix',
    at: '2026-09-20T10:00:00Z',
  },
  {
    from: 'training' as const,
    topic: 'address' as const,
    question: 'Onde fica?',
    answer: 'Rua Velha, 9',
    at: '2026-09-01T10:00:00Z',
  },
];

const renderWith = (texts: typeof TEXTS) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MovedTexts texts={texts} />
    </QueryClientProvider>,
  );

describe('MovedTexts', () => {
  it('lists each older text with its topic and origin, and dismisses the list with one DELETE', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    renderWith(TEXTS);
    expect(screen.getByText('2 textos antigos sobre estes dados')).toBeTruthy();
    expect(screen.getByText('Formas de pagamento · Conhecimento · 20/09/2026')).toBeTruthy();
    expect(screen.getByText('Rua Velha, 9')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dispensar textos antigos' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/settings/business/moved-texts');
    expect(init.method).toBe('DELETE');
  });

  it('shows nothing when there is nothing moved', () => {
    const { container } = renderWith([]);
    expect(container.textContent).toBe('');
  });
});
