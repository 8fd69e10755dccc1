/** R$ 1.234,56 (a non-breaking space after R$, as Intl writes it, made a plain one). */
export const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');

/** '1.234,56' or '1234,5' typed by the owner → centavos; null when it is not an amount. */
export function parseReais(text: string): number | null {
  const clean = text.replace(/R\$|\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(clean)) return null;
  const [whole, frac = ''] = clean.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
