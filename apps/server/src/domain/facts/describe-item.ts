import { AVAILABILITY_LABELS, CATALOGUE_KIND_LABELS, formatCents } from '@vendai/contracts';
import type { CatalogueRow } from './catalogue-search-repository.ts';

/**
 * One catalogue item as the AI reads it: 'Camiseta básica (Produto) — R$ 49,90 por unidade. Opções:
 * P: R$ 49,90; G: R$ 59,90. Disponibilidade: Em estoque. …'. Pure.
 */
export function describeItem(item: CatalogueRow): string {
  const unit = item.unit.trim() ? ` por ${item.unit.trim()}` : '';
  const parts = [
    `${item.name} (${CATALOGUE_KIND_LABELS[item.kind]}) — ${formatCents(item.priceCents)}${item.priceCents === null ? '' : unit}.`,
  ];
  if (item.options.length > 0)
    parts.push(
      `Opções: ${item.options.map((o) => `${o.name}: ${formatCents(o.priceCents ?? item.priceCents)}`).join('; ')}.`,
    );
  parts.push(`Disponibilidade: ${AVAILABILITY_LABELS[item.availability]}.`);
  const description = item.description.replace(/\s+/g, ' ').trim();
  if (description) parts.push(description.length > 400 ? `${description.slice(0, 399)}…` : description);
  if (item.tags.length > 0) parts.push(`Etiquetas: ${item.tags.join(', ')}.`);
  if (item.allowsDiscount) parts.push('O dono permite oferecer desconto neste item.');
  if (item.photoKey) parts.push('Tem foto (pode ser enviada se o cliente pedir).');
  return parts.join(' ');
}

/** Every amount an item holds: its price and its options' prices, in centavos. */
export function itemAmounts(item: Pick<CatalogueRow, 'priceCents' | 'options'>): number[] {
  const out: number[] = [];
  if (item.priceCents !== null) out.push(item.priceCents);
  for (const o of item.options) if (o.priceCents !== null) out.push(o.priceCents);
  return out;
}
