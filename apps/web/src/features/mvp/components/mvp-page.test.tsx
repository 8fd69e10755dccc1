import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MvpPage } from './mvp-page';

describe('página /mvp', () => {
  afterEach(cleanup);

  it('Resultados aparece entre o que já funciona, e relatórios não estão mais em "O que vem por aí"', () => {
    render(
      <MemoryRouter>
        <MvpPage />
      </MemoryRouter>,
    );
    const works = screen.getByRole('region', { name: 'O que já funciona' });
    const coming = screen.getByRole('region', { name: 'O que vem por aí' });
    expect(within(works).getByText(/Resultados/)).toBeTruthy();
    expect(within(coming).queryByText(/relatório/i)).toBeNull();
  });
});
