import type { ReplyDraftDto } from '@vendai/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTimeout } from './approval-settings';
import { DraftCard } from './draft-card';

afterEach(cleanup);

const DRAFT: ReplyDraftDto = {
  id: 'd1',
  conv_id: 'c1',
  state: 'pending',
  parts: ['Temos sim, Carla!', 'Custa R$ 89,90.'],
  customer_text: 'Vocês têm a blusa azul?',
  due_at: new Date(2026, 10, 28, 14, 35).toISOString(),
  timeout_action: 'send',
  edited: false,
  decided_by: null,
  error: null,
  created_at: new Date(2026, 10, 28, 14, 5).toISOString(),
};

function Harness({ onSend, draft = DRAFT }: { onSend: (text: string | null) => void; draft?: ReplyDraftDto }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <DraftCard
      draft={draft}
      now={new Date(2026, 10, 28, 14, 5)}
      editing={editing}
      busy={null}
      problem={null}
      onEdit={setEditing}
      onSend={() => onSend(editing)}
      onDiscard={() => {}}
    />
  );
}

describe("the AI's suggestion card", () => {
  it('says which agenda change sending it makes, and nothing when there is none', () => {
    const booking = 'Agendar Limpeza: quinta-feira, 10/12 às 09:00, com Dra. Ana';
    render(<Harness onSend={() => {}} draft={{ ...DRAFT, booking }} />);
    expect(screen.getByTestId('draft-booking').textContent).toBe(`Ao enviar, a agenda muda: ${booking}`);
    cleanup();
    render(<Harness onSend={() => {}} />);
    expect(screen.queryByTestId('draft-booking')).toBeNull();
  });

  it('shows each message as it would be sent and the timeout; Editar puts them in place to change', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const card = screen.getByRole('region', { name: 'Sugestão da IA' });
    expect(screen.getAllByTestId('draft-part').map((p) => p.textContent)).toEqual([
      'Temos sim, Carla!',
      'Custa R$ 89,90.',
    ]);
    expect(card.textContent).toContain('Se ninguém agir até 14:35 (em 30 min), a sugestão será enviada ao cliente.');
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const field = screen.getByLabelText(/Texto da resposta/) as HTMLTextAreaElement;
    expect(field.value).toBe('Temos sim, Carla!\n\nCusta R$ 89,90.');
    fireEvent.change(field, { target: { value: '   ' } });
    expect(screen.getByText('Escreva a resposta.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enviar editada' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Temos! R$ 79,90 hoje.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar editada' }));
    expect(onSend).toHaveBeenCalledWith('Temos! R$ 79,90 hoje.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar edição' }));
    expect(screen.getAllByTestId('draft-part')).toHaveLength(2);
  });

  it("the agent's time limit: 5 to 240 whole minutes, in Portuguese", () => {
    expect(parseTimeout(' 45 ')).toEqual({ minutes: 45 });
    const message = 'Escolha um prazo entre 5 e 240 minutos.';
    for (const bad of ['', '3', '241', '12.5', 'abc']) expect(parseTimeout(bad)).toEqual({ error: message });
  });
});
