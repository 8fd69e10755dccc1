import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageDto, MessagePage } from '@vendai/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesQueryOptions } from './get-messages';
import { useSendMessage } from './send-message';

const convId = '5d3f1c9e-8a2b-4c7d-9e1f-2a3b4c5d6e7f';
const customer: MessageDto = {
  id: 'b1c2d3e4-0000-4000-8000-000000000001',
  convId,
  direction: 'in',
  content: 'Oi, vocês entregam hoje?',
  fromMe: false,
  author: 'contact',
  messageType: 'text',
  status: 'received',
  error: null,
  createdAt: '2026-11-30T12:00:00.000Z',
  media: null,
};
const reply: MessageDto = {
  ...customer,
  id: 'b1c2d3e4-0000-4000-8000-000000000002',
  direction: 'out',
  content: 'Entregamos sim!',
  fromMe: true,
  author: 'owner_app',
  status: 'sent',
  createdAt: '2026-11-30T12:00:05.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('useSendMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uma resposta enviada enquanto a conversa ainda carrega não deixa a conversa carregando para sempre', async () => {
    // The first page answers only after the send began (a slow connection, a quick attendant), and without the
    // reply: it was read before the reply was stored. A second read has it.
    let releasePage: (() => void) | undefined;
    let pagesRead = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') return json(reply, 201);
        if (url.includes('/messages')) {
          pagesRead += 1;
          if (pagesRead === 1) await new Promise<void>((resolve) => (releasePage = resolve));
          const page: MessagePage = { items: pagesRead === 1 ? [customer] : [customer, reply], nextCursor: null };
          return json(page);
        }
        return json({}, 404);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ messages: useInfiniteQuery(messagesQueryOptions(convId)), send: useSendMessage(convId) }),
      { wrapper },
    );
    await waitFor(() => expect(releasePage).toBeDefined());

    await act(() => result.current.send.mutateAsync('Entregamos sim!'));
    releasePage!();

    await waitFor(() =>
      expect(result.current.messages.data?.pages.flatMap((p) => p.items.map((m) => m.content))).toEqual([
        'Oi, vocês entregam hoje?',
        'Entregamos sim!',
      ]),
    );
  });
});
