/** 'R$ 150,00' from cents; 'Sob consulta' for null. */
export function formatPrice(cents: number | null): string {
  if (cents === null) return 'Sob consulta';
  return (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
}

/** Cents from what the owner typed ('150', '150,50', 'R$ 1.200,00'); null when empty, NaN when not a price. */
export function parsePrice(text: string): number | null {
  const clean = text.replace(/[R$\s.]/g, '').replace(',', '.');
  if (clean === '') return null;
  const value = Number(clean);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : Number.NaN;
}
