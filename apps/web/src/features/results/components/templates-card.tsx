import type { Results } from '@vendai/contracts/results';
import { formatCount } from '../lib/format';
import { FigureCard } from './figure-card';

/**
 * Message templates sent on official-API numbers, by Meta's category (each category is charged by
 * Meta; docs/decisions/041-cloud-window-and-templates.md). Shown only when this period or the previous
 * one had any, in a row of its own so the figures grid keeps full rows.
 */
export function TemplatesCard({ results }: { results: Results }) {
  const { current: c, previous: p } = results;
  if (c.templates.total === 0 && p.templates.total === 0) return null;
  return (
    <div data-testid="templates-card">
      <FigureCard
        label="Modelos enviados pela API oficial"
        value={formatCount(c.templates.total)}
        hint={`Utilidade: ${formatCount(c.templates.utility)}. Marketing: ${formatCount(c.templates.marketing)}. Autenticação: ${formatCount(c.templates.authentication)}. A Meta cobra cada modelo pela categoria.`}
        current={c.templates.total}
        previous={p.templates.total}
        previousText={formatCount(p.templates.total)}
        better="neither"
      />
    </div>
  );
}
