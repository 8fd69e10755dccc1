import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from './settings-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsPage', () => {
  it('says that the QR connection uses Evolution API, linking to its project page', () => {
    // The settings requests stay pending: the notice does not wait for them.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage /> }], {
      initialEntries: ['/settings'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const notice = screen.getByTestId('evolution-api-notice');
    expect(notice.textContent).toBe(
      'A conexão do WhatsApp por QR code usa a Evolution API, um projeto de código aberto (licença Apache 2.0).',
    );
    const link = screen.getByRole('link', { name: 'Evolution API' });
    expect(link.getAttribute('href')).toBe('https://github.com/evolution-foundation/evolution-api');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
