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

  it('sets a break per weekday: shown on the days it applies, sent with them', async () => {
    const lunch = { from: '12:00', to: '13:00', weekdays: [1, 2, 3, 4, 5] };
    const sent = stubServer([{ status: 200, body: { ...ANA, week: WEEK, breaks: [lunch] } }]);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Dra. Ana' }));
    fireEvent.click(screen.getByLabelText('Usar o horário do negócio'));
    await waitFor(() => expect(value('Segunda: fim')).toBe('19:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar pausa' }));
    // A new break applies every day: every day pressed, and shown under each working day.
    const day = (name: string) => screen.getByRole('button', { name: `Pausa 1: ${name}` });
    expect(day('Sábado').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('todos os dias')).toBeTruthy();
    expect(screen.getAllByText('Pausa 12:00–13:00')).toHaveLength(6);
    // Not on Saturdays nor Sundays.
    fireEvent.click(day('Sábado'));
    fireEvent.click(day('Domingo'));
    expect(day('Sábado').getAttribute('aria-pressed')).toBe('false');
    expect(day('Segunda').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Seg, Ter, Qua, Qui, Sex')).toBeTruthy();
    expect(screen.getAllByText('Pausa 12:00–13:00')).toHaveLength(5);
    // A second break, on Wednesdays only: Wednesday shows both.
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar pausa' }));
    fireEvent.change(screen.getByLabelText('Pausa 2: início'), { target: { value: '16:00' } });
    fireEvent.change(screen.getByLabelText('Pausa 2: fim'), { target: { value: '16:30' } });
    for (const name of ['Domingo', 'Segunda', 'Terça', 'Quinta', 'Sexta', 'Sábado'])
      fireEvent.click(screen.getByRole('button', { name: `Pausa 2: ${name}` }));
    // The last day of a break cannot be switched off (no days would mean every day).
    fireEvent.click(screen.getByRole('button', { name: 'Pausa 2: Quarta' }));
    expect(screen.getByRole('button', { name: 'Pausa 2: Quarta' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Pausa 12:00–13:00, 16:00–16:30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar profissional' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      breaks: [
        { from: '12:00', to: '13:00', weekdays: [1, 2, 3, 4, 5] },
        { from: '16:00', to: '16:30', weekdays: [3] },
      ],
    });
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
