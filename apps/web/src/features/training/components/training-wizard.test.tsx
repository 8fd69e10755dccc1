import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { KEY_QUESTIONS } from '@vendai/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrainingWizard } from './training-wizard';

const label = (i: number) => KEY_QUESTIONS[i]!.pergunta;
const field = (i: number) => screen.getByLabelText<HTMLTextAreaElement>(label(i));

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <TrainingWizard
          owner={{ userId: 'dona-1', mode: 'create', agentId: null }}
          modeParam="create"
          initialName=""
          onStepChange={() => undefined}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // The business facts card on the third question reads Configurações; nothing else is fetched here.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrainingWizard key questions', () => {
  it('keeps what the owner types the moment the next question shows, and each question its own answer', async () => {
    renderWizard();
    for (let i = 0; i < 3; i++) {
      // Typed as soon as the question is on the page: before the effects of that render have run.
      const input = await screen.findByLabelText(label(i));
      fireEvent.change(input, { target: { value: `Resposta ${i + 1}` } });
      await act(() => new Promise((r) => setTimeout(r, 10)));
      expect(field(i).value).toBe(`Resposta ${i + 1}`);
      expect(document.activeElement).toBe(field(i));
      fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    }
    expect(await screen.findByText('Pergunta 4 de 7')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Voltar/ }));
    await waitFor(() => expect(field(2).value).toBe('Resposta 3'));
    fireEvent.click(screen.getByRole('button', { name: /Voltar/ }));
    await waitFor(() => expect(field(1).value).toBe('Resposta 2'));
  });
});
