/**
 * Prices as the owner types them ('89,90', 'R$ 1.234,56', '80') → centavos; '' → null ('sob consulta').
 * Undefined when unreadable.
 */
export function parsePriceInput(text: string): number | null | undefined {
  const t = text.replace(/r\$/i, '').replace(/\s/g, '');
  if (t === '') return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+\.\d{2}$/.test(t)) return undefined;
  const normal = /,/.test(t)
    ? t.replace(/\./g, '').replace(',', '.')
    : /^\d+\.\d{2}$/.test(t)
      ? t
      : t.replace(/\./g, '');
  return Math.round(Number(normal) * 100);
}

/** Centavos as the price field shows them ('89,90'); null → ''. */
export function priceInputOf(cents: number | null): string {
  if (cents === null) return '';
  return (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
