import type { AudiencePreview, CampaignAudienceInput } from '@vendai/contracts';
import { type ReactNode, useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { brl } from '../lib/format';

/** A choice that is on or off (a filter's label, 'Enviar agora'). */
export function Toggle({ on, onClick, children }: { on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1 text-sm',
        on
          ? 'border-brand-700 bg-brand-50 text-brand-800'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

/** The live count: who receives the campaign, how many are left out and why (docs/decisions/072-campaigns.md). */
export function AudienceCount({
  preview,
  loading,
  error,
}: {
  preview: AudiencePreview | undefined;
  loading: boolean;
  error?: string;
}) {
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!preview) return <p className="text-sm text-slate-600">Contando o público…</p>;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3" aria-live="polite" aria-busy={loading}>
      <p className="text-sm text-slate-900" data-testid="audience-count">
        <strong className="text-lg">{preview.eligible}</strong> de {preview.matched} contatos recebem a campanha
      </p>
      {preview.excluded.length ? (
        <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
          {preview.excluded.map((e) => (
            <li key={e.reason}>
              {e.count} fora: {e.label}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.excluded.some((e) => e.reason === 'no_consent') ? (
        <p className="mt-2 text-xs text-slate-600">
          Campanhas só vão para quem aceitou recebê-las. Registre o consentimento no painel do contato, em Conversas, ou
          importe uma lista abaixo.
        </p>
      ) : null}
    </div>
  );
}

/** What it costs before 'Enviar' (Cloud: Meta's marketing price; QR: nothing) and the QR track's pace. */
export function CostSummary({ preview: p }: { preview: AudiencePreview }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-xl border border-slate-200 p-3">
        <dt className="text-xs text-slate-600">Custo estimado na Meta</dt>
        <dd className="text-xl font-semibold text-slate-900" data-testid="campaign-cost">
          {p.track === 'cloud' ? brl(p.estimatedCostBrl) : 'Sem custo da Meta (QR Code)'}
        </dd>
        {p.track === 'cloud' ? (
          <dd className="text-xs text-slate-600">{p.eligible} mensagens de marketing × preço da Meta no Brasil.</dd>
        ) : null}
      </div>
      {p.dailyLimit ? (
        <div className="rounded-xl border border-slate-200 p-3">
          <dt className="text-xs text-slate-600">Ritmo de envio</dt>
          <dd className="text-xl font-semibold text-slate-900">até {p.dailyLimit} por dia</dd>
          <dd className="text-xs text-slate-600">Em horário comercial, com intervalos aleatórios.</dd>
        </div>
      ) : null}
    </dl>
  );
}

const toggled = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** One filter of the audience chosen by chips (labels, funnel stages); nothing when the account has none. */
export function ChipFilter({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: { id: string; name: string }[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  if (!options.length) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <Toggle key={o.id} on={chosen.includes(o.id)} onClick={() => onChange(toggled(chosen, o.id))}>
            {o.name}
          </Toggle>
        ))}
      </div>
    </fieldset>
  );
}

/** Where the customer came from (an ad) and the agenda (booked, did not show up). */
export function MoreFilters<A extends CampaignAudienceInput>({
  audience,
  onChange,
}: {
  audience: A;
  onChange: (a: A) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-booking`} label="Agenda">
        <select
          id={`${id}-booking`}
          className={inputClass}
          value={audience.booking ?? ''}
          onChange={(e) => onChange({ ...audience, booking: (e.target.value || null) as A['booking'] })}
        >
          <option value="">Qualquer cliente</option>
          <option value="booked">Agendou um horário</option>
          <option value="no_show">Não compareceu ao horário</option>
        </select>
      </Field>
      <label className="flex items-center gap-2 self-end pb-3 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={audience.fromAd ?? false}
          onChange={(e) => onChange({ ...audience, fromAd: e.target.checked })}
        />
        Só quem veio de um anúncio
      </label>
    </div>
  );
}
