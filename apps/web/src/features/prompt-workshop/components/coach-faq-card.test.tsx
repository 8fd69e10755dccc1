import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoachFaqCard } from './coach-faq-card';

afterEach(cleanup);

const FAQ = { question: 'Qual é o valor do frete?', answer: 'O frete agora é R$ 15.' };

describe('the coach’s FAQ suggestion card', () => {
  it('shows the question and answer with Aplicar and Descartar, each calling its action', () => {
    const onApply = vi.fn();
    const onDiscard = vi.fn();
    render(
      <CoachFaqCard faq={FAQ} actions outcome={undefined} applying={false} onApply={onApply} onDiscard={onDiscard} />,
    );
    const card = screen.getByRole('region', { name: 'Sugestão: nova pergunta frequente' });
    expect(card.textContent).toContain('Qual é o valor do frete?');
    expect(card.textContent).toContain('O frete agora é R$ 15.');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('while applying both buttons wait; once settled it says what happened and offers no action', () => {
    const noop = () => {};
    const { rerender } = render(
      <CoachFaqCard faq={FAQ} actions outcome={undefined} applying onApply={noop} onDiscard={noop} />,
    );
    expect((screen.getByRole('button', { name: 'Aplicando...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Descartar' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <CoachFaqCard faq={FAQ} actions={false} outcome="applied" applying={false} onApply={noop} onDiscard={noop} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('✓ Salva em Conhecimento. O prompt não mudou.')).toBeTruthy();
    rerender(
      <CoachFaqCard faq={FAQ} actions={false} outcome="rejected" applying={false} onApply={noop} onDiscard={noop} />,
    );
    expect(screen.getByText('Sugestão descartada.')).toBeTruthy();
  });
});
