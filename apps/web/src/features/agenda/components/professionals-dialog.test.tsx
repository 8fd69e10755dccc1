import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AGENDA_MESSAGES, type AgendaProfessional, type AgendaSetup } from '@vendai/contracts/agenda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessKeys } from '@/lib/api/query-keys';
import { ProfessionalsDialog } from './professionals-dialog';

const WEEK = [
  null,
  ...Array.from({ length: 5 }, () => ({ from: '09:00', to: '19:00' })),
  { from: '09:00', to: '12:00' },
];
const ANA: AgendaProfessional = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Dra. Ana',
  kind: 'person',
  week: null,
  breaks: [],
  daysOff: [],
  active: true,
};
const SETUP: AgendaSetup = {
  settings: { horizonDays: 60, slotStepMinutes: 30 },
  timeZone: 'America/Sao_Paulo',
  professionals: [ANA],
  services: [],
};

type Answer = { status: number; body: unknown };
/** The server at the fetch boundary: each PUT or POST answered in turn, its body recorded. */
function stubServer(answers: Answer[]) {
  const sent: unknown[] = [];
  const json = ({ status, body }: Answer) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' || init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(answers.shift()!);
      }
      return json({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'not stubbed' } } });
    }),
  );
  return sent;
}

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(businessKeys.settings(), { timeZone: 'America/Sao_Paulo', hours: WEEK, closedDays: [] });
  render(
    <QueryClientProvider client={queryClient}>
      <ProfessionalsDialog open onOpenChange={() => {}} setup={SETUP} />
    </QueryClientProvider>,
  );
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Agenda → Profissionais', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("copies the business hours, sends the week and a lunch break, and shows the API's message at the day", async () => {
    const sent = stubServer([
      {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'O horário de abertura e o de fechamento não podem ser iguais.',
            fields: { 'week.1.to': 'O horário de abertura e o de fechamento não podem ser iguais.' },
          },
        },
      },
      { status: 200, body: { ...ANA, week: WEEK, breaks: [{ from: '12:00', to: '13:00', weekdays: [] }] } },
    ]);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Dra. Ana' }));
    expect(value('Nome')).toBe('Dra. Ana');
    // Unchecking 'Usar o horário do negócio' starts the own week from the business hours.
    fireEvent.click(screen.getByLabelText('Usar o horário do negócio'));
    await waitFor(() => expect(value('Segunda: fim')).toBe('19:00'));
    expect(screen.queryByLabelText('Domingo: início')).toBeNull();
    fireEvent.change(screen.getByLabelText('Segunda: fim'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar pausa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar profissional' }));

    expect(await screen.findByText('O horário de abertura e o de fechamento não podem ser iguais.')).toBeTruthy();
    expect(value('Segunda: fim')).toBe('09:00');
    expect(value('Pausa 1: início')).toBe('12:00');
    expect(sent[0]).toMatchObject({
      name: 'Dra. Ana',
      week: [null, { from: '09:00', to: '09:00' }, { from: '09:00', to: '19:00' }, {}, {}, {}, { to: '12:00' }],
      breaks: [{ from: '12:00', to: '13:00', weekdays: [] }],
      active: true,
    });

    fireEvent.change(screen.getByLabelText('Segunda: fim'), { target: { value: '18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar profissional' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as { week: unknown[] }).week.slice(0, 3)).toEqual([
      null,
      { from: '09:00', to: '18:00' },
      { from: '09:00', to: '19:00' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Novo profissional' })).toBeTruthy();
  });

  it("shows the API's refusal to deactivate someone with bookings ahead", async () => {
    const sent = stubServer([
      { status: 409, body: { error: { code: 'CONFLICT', message: AGENDA_MESSAGES.professionalHasBookings } } },
    ]);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Dra. Ana' }));
    expect(await screen.findByText(AGENDA_MESSAGES.professionalHasBookings)).toBeTruthy();
    expect(sent[0]).toMatchObject({ name: 'Dra. Ana', active: false });
  });
});
