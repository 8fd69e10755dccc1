import { brl, parseReais } from '@/lib/money';

/** 'R$ 150,00' from cents; 'Sob consulta' for null (a service without a price). */
export const formatPrice = (cents: number | null): string => (cents === null ? 'Sob consulta' : brl(cents));

/** Cents from what the owner typed ('150', '150,50', 'R$ 1.200,00'); null when empty, NaN when not a price. */
export function parsePrice(text: string): number | null {
  if (text.trim() === '') return null;
  return parseReais(text) ?? Number.NaN;
}
