import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FaqDialog } from './faq-dialog';

/** The FAQ dialog on its own, in a router (its note links to Configurações). */
function renderDialog() {
  const router = createMemoryRouter([{ path: '/', element: <FaqDialog faq={null} onOpenChange={() => {}} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('nova pergunta frequente', () => {
  afterEach(cleanup);

  it('says where the business facts live when the question asks for one, and nothing otherwise', () => {
    renderDialog();
    const question = screen.getByLabelText('Pergunta do cliente');
    fireEvent.change(question, { target: { value: 'Vocês fazem bolo sem glúten?' } });
    expect(screen.queryByTestId('faq-fact-note')).toBeNull();
    fireEvent.change(question, { target: { value: 'Qual o horário de funcionamento?' } });
    const note = screen.getByTestId('faq-fact-note');
    expect(note.textContent).toContain('a IA já usa o que está lá em toda resposta');
    expect(screen.getByRole('link', { name: 'Configurações → Dados do negócio' }).getAttribute('href')).toBe(
      '/settings#dados-do-negocio',
    );
  });
});
