/** Reais as the screens show them ('R$ 33,75'). */
export const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
