import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoachCatalogueCard } from './coach-catalogue-card';

afterEach(cleanup);

const CHANGE = {
  itemId: 'c1',
  name: 'Camiseta básica',
  before: { priceCents: 4990, availability: 'em_estoque' as const, description: 'Algodão.' },
  after: { priceCents: 5990, availability: 'esgotado' as const },
};

describe('the coach’s catalogue change card', () => {
  it('shows the item and each changed field before → after, with Aplicar and Descartar calling their actions', () => {
    const onApply = vi.fn();
    const onDiscard = vi.fn();
    render(
      <CoachCatalogueCard
        change={CHANGE}
        actions
        outcome={undefined}
        applying={false}
        onApply={onApply}
        onDiscard={onDiscard}
      />,
    );
    const card = screen.getByRole('region', { name: 'Sugestão: alteração no catálogo' });
    expect(card.textContent).toContain('Alteração no Catálogo');
    expect(card.textContent).toContain('Camiseta básica');
    const q = within(card);
    expect(q.getByLabelText('Antes: R$ 49,90')).toBeTruthy();
    expect(q.getByLabelText('Depois: R$ 59,90')).toBeTruthy();
    expect(q.getByLabelText('Antes: Em estoque')).toBeTruthy();
    expect(q.getByLabelText('Depois: Esgotado')).toBeTruthy();
    // Only what changes is shown: the description stays as it is.
    expect(card.textContent).not.toContain('Descrição');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('a new item shows its name and values; while applying both buttons wait; once settled it says what happened', () => {
    const noop = () => {};
    const fresh = { itemId: null, name: 'Bolo de cenoura', before: null, after: { priceCents: 7000 } };
    const { rerender } = render(
      <CoachCatalogueCard change={fresh} actions outcome={undefined} applying onApply={noop} onDiscard={noop} />,
    );
    expect(screen.getByText('Novo item: Bolo de cenoura')).toBeTruthy();
    expect(screen.getByLabelText('Depois: R$ 70,00')).toBeTruthy();
    expect(screen.queryByLabelText(/^Antes:/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Aplicando...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Descartar' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <CoachCatalogueCard
        change={fresh}
        actions={false}
        outcome="applied"
        applying={false}
        onApply={noop}
        onDiscard={noop}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('✓ Catálogo atualizado. O prompt não mudou.')).toBeTruthy();
    rerender(
      <CoachCatalogueCard
        change={fresh}
        actions={false}
        outcome="rejected"
        applying={false}
        onApply={noop}
        onDiscard={noop}
      />,
    );
    expect(screen.getByText('Sugestão descartada.')).toBeTruthy();
  });

  it('an option’s new price shows the option before → after; the item’s own price is not shown', () => {
    const noop = () => {};
    const change = {
      itemId: 'c1',
      name: 'Camiseta básica',
      before: {
        priceCents: 4990,
        availability: 'em_estoque' as const,
        description: '',
        optionPrice: { name: 'Tamanho G', priceCents: 5490 },
      },
      after: { optionPrice: { name: 'Tamanho G', priceCents: 5990 } },
    };
    render(
      <CoachCatalogueCard
        change={change}
        actions
        outcome={undefined}
        applying={false}
        onApply={noop}
        onDiscard={noop}
      />,
    );
    const card = screen.getByRole('region', { name: 'Sugestão: alteração no catálogo' });
    expect(card.textContent).toContain('Preço da opção');
    expect(screen.getByLabelText('Antes: Tamanho G: R$ 54,90')).toBeTruthy();
    expect(screen.getByLabelText('Depois: Tamanho G: R$ 59,90')).toBeTruthy();
    expect(screen.queryByLabelText('Antes: R$ 49,90')).toBeNull();
  });
});
