import { AVAILABILITY_LABELS, type CatalogueOption, formatCents, type CoachSuggestion } from '@vendai/contracts';
import { ArrowRight, Package } from 'lucide-react';
import type { CoachMessage } from '../lib/coach-chat';
import { CoachCardActions } from './coach-card-actions';

type Change = NonNullable<CoachSuggestion['catalogue']>;
type Field = keyof Change['after'];

const FIELDS: ReadonlyArray<{ key: Field; label: string; show: (v: Change['after'][Field]) => string }> = [
  { key: 'priceCents', label: 'Preço', show: (v) => formatCents((v as number | null) ?? null) },
  {
    key: 'availability',
    label: 'Disponibilidade',
    show: (v) => AVAILABILITY_LABELS[v as keyof typeof AVAILABILITY_LABELS],
  },
  { key: 'description', label: 'Descrição', show: (v) => (v as string) || '(sem descrição)' },
  { key: 'optionPrice', label: 'Preço da opção', show: (v) => optionPrice(v as CatalogueOption | undefined) },
];

/** 'Tamanho G: R$ 64,90' (an option without a price of its own costs the item's price). */
function optionPrice(option: CatalogueOption | undefined): string {
  if (!option) return '—';
  return `${option.name}: ${option.priceCents === null ? 'o preço do item' : formatCents(option.priceCents)}`;
}

/**
 * The coach's suggestion to change an item of Catálogo (price, availability, description, an option's price) or add one,
 * instead of changing the prompt: each field before → after, with 'Aplicar' (saves it through the
 * catalogue API) and 'Descartar'. The prompt never changes here.
 */
export function CoachCatalogueCard({
  change,
  actions,
  outcome,
  applying,
  onApply,
  onDiscard,
}: {
  change: Change;
  actions: boolean;
  outcome: CoachMessage['outcome'];
  applying: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const fields = FIELDS.filter((f) => change.after[f.key] !== undefined);
  return (
    <section
      aria-label="Sugestão: alteração no catálogo"
      className="w-full space-y-2 rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200"
      data-testid="coach-catalogue-suggestion"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-700 uppercase">
        <Package className="size-3.5" aria-hidden />
        Alteração no Catálogo
      </p>
      <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
        {change.itemId ? change.name : `Novo item: ${change.name}`}
      </p>
      <dl className="space-y-1.5 [overflow-wrap:anywhere]">
        {fields.map((f) => (
          <div key={f.key}>
            <dt className="text-xs text-slate-500">{f.label}</dt>
            <dd className="flex flex-wrap items-center gap-1.5 text-slate-800">
              {change.before ? (
                <>
                  <span className="text-slate-500 line-through" aria-label={`Antes: ${f.show(change.before[f.key])}`}>
                    {f.show(change.before[f.key])}
                  </span>
                  <ArrowRight className="size-3.5 shrink-0 text-slate-400" aria-hidden />
                </>
              ) : null}
              <span className="font-medium whitespace-pre-wrap" aria-label={`Depois: ${f.show(change.after[f.key])}`}>
                {f.show(change.after[f.key])}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <CoachCardActions
        actions={actions}
        outcome={outcome}
        applying={applying}
        appliedText="✓ Catálogo atualizado. O prompt não mudou."
        onApply={onApply}
        onDiscard={onDiscard}
      />
    </section>
  );
}
