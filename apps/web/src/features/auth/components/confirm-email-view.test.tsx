import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Me } from '@vendai/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/lib/auth';
import { ConfirmEmailView } from './confirm-email-view';

/**
 * The server at the fetch boundary. The page's first /me read reaches the server before the
 * confirmation and answers only after it (a busy server): it says "not confirmed". Later reads say what
 * the server holds then.
 */
function stubServer() {
  let verified = false;
  let confirmAnswered!: () => void;
  const afterConfirm = new Promise<void>((resolve) => (confirmAnswered = resolve));
  let reads = 0;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const me = (emailVerified: boolean) =>
    ({ user: { id: 'u1', email: 'dona@loja.com.br', emailVerified }, team: { role: 'owner' } }) as unknown as Me;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('/email-verification/confirm')) {
        verified = true;
        setTimeout(confirmAnswered, 0);
        return json({ status: 'confirmed' });
      }
      const seen = verified;
      if (reads++ === 0) await afterConfirm;
      return json({ me: me(seen) });
    }),
  );
}

describe('confirmar e-mail', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a /me read that started before the confirmation does not leave the page saying "not confirmed"', async () => {
    stubServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/confirmar-email', element: <ConfirmEmailView /> }], {
      initialEntries: ['/confirmar-email?code=abc'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'E-mail confirmado' });
    await waitFor(() => expect(client.getQueryData(meQueryOptions.queryKey)?.user.emailVerified).toBe(true));
  });
});
