import type { OrderDto } from '@vendai/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderConfirmCard } from './order-confirm-card';

afterEach(cleanup);

const ORDER: OrderDto = {
  id: 'o1',
  convId: 'c1',
  source: 'ai',
  description: '2x Camiseta básica, 1x Bolo de festa',
  lines: [
    { itemId: 'i1', name: 'Camiseta básica', option: null, quantity: 2, unitCents: 4990 },
    { itemId: 'i2', name: 'Bolo de festa', option: null, quantity: 1, unitCents: 15000, proposed: true },
  ],
  totalCents: 24980,
  status: 'awaiting_owner',
  error: null,
  copiaECola: null,
  expiresAt: null,
  paidAt: null,
  createdAt: '2026-05-25T14:00:00.000Z',
};

describe('the order-to-confirm card', () => {
  it('shows catalogue lines at their price and the AI’s proposal editable; confirms with the owner’s amount', () => {
    const onConfirm = vi.fn();
    const onDecline = vi.fn();
    render(<OrderConfirmCard order={ORDER} busy={null} error={null} onConfirm={onConfirm} onDecline={onDecline} />);
    const card = screen.getByRole('form', { name: 'Pedido para confirmar' });
    expect(card.textContent).toContain('2x Camiseta básica');
    expect(card.textContent).toContain('R$ 99,80');
    expect(card.textContent).toContain('Proposto pela IA: R$ 150,00');
    const amount = screen.getByLabelText('1x Bolo de festa — valor de cada (R$)') as HTMLInputElement;
    expect(amount.value).toBe('150,00');
    expect(screen.getByTestId('order-confirm-total').textContent).toBe('R$ 249,80');
    fireEvent.change(amount, { target: { value: '1.180,50' } });
    expect(screen.getByTestId('order-confirm-total').textContent).toBe('R$ 1.280,30');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar e cobrar' }));
    expect(onConfirm).toHaveBeenCalledWith({ amounts: [{ line: 1, unitCents: 118050 }] });
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(onDecline).toHaveBeenCalledOnce();
  });

  it('refuses an amount that is not one, and shows the server’s error and the pending state', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <OrderConfirmCard order={ORDER} busy={null} error={null} onConfirm={onConfirm} onDecline={() => {}} />,
    );
    fireEvent.change(screen.getByLabelText('1x Bolo de festa — valor de cada (R$)'), { target: { value: 'cem' } });
    expect(screen.getByTestId('order-confirm-total').textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar e cobrar' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Informe um valor entre R$ 1,00 e R$ 100.000,00.');
    rerender(
      <OrderConfirmCard
        order={ORDER}
        busy="confirm"
        error="Este pedido já foi confirmado ou recusado."
        onConfirm={onConfirm}
        onDecline={() => {}}
      />,
    );
    expect(screen.getByText('Este pedido já foi confirmado ou recusado.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Gerando Pix…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Recusar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("an attendant without the owner's leave reads why, and neither button acts", () => {
    const onConfirm = vi.fn();
    const onDecline = vi.fn();
    const reason = 'O dono da conta não liberou para atendentes definir o preço de pedidos sob consulta.';
    render(
      <OrderConfirmCard
        order={ORDER}
        busy={null}
        error={null}
        locked={reason}
        onConfirm={onConfirm}
        onDecline={onDecline}
      />,
    );
    expect(screen.getByTestId('order-confirm-locked').textContent).toBe(reason);
    const confirm = screen.getByRole('button', { name: 'Confirmar e cobrar' }) as HTMLButtonElement;
    const decline = screen.getByRole('button', { name: 'Recusar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(decline.disabled).toBe(true);
    fireEvent.click(decline);
    expect(onDecline).not.toHaveBeenCalled();
  });
});
