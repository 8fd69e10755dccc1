import { CONSENT_METHOD_LABELS, CONSENT_METHODS, type ConsentMethod } from '@vendai/contracts';
import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useConsent, useRecordConsent, useWithdrawConsent } from '../api/campaigns';

const when = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/**
 * 'Campanhas' on the contact panel (docs/decisions/072-campaigns.md): whether the customer agreed to receive
 * campaigns, how, when and who recorded it; the owner records or withdraws it. An opt-out ends it by itself.
 */
export function ConsentSection({ convId }: { convId: string }) {
  const consent = useConsent(convId);
  const record = useRecordConsent(convId);
  const withdraw = useWithdrawConsent(convId);
  const isOwner = useMe().data?.team.role === 'owner';
  const [method, setMethod] = useState<ConsentMethod>('asked_in_chat');
  const [adding, setAdding] = useState(false);
  const id = useId();
  const c = consent.data?.consent ?? null;
  const error = record.error?.message ?? withdraw.error?.message ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2" data-testid="consent-section">
      <h3 id={`${id}-title`} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Megaphone className="size-4 text-slate-500" aria-hidden />
        Campanhas
      </h3>
      {consent.isPending ? (
        <div
          className="h-10 animate-pulse rounded-lg bg-slate-100"
          aria-busy="true"
          aria-label="Carregando consentimento"
        />
      ) : c?.active ? (
        <div className="rounded-lg bg-emerald-50 px-2.5 py-2 text-xs text-emerald-900" data-testid="consent-active">
          <p className="font-medium">Aceita receber campanhas</p>
          <p>
            {CONSENT_METHOD_LABELS[c.method]} · {when(c.givenAt)}
            {c.recordedByName ? ` · registrado por ${c.recordedByName}` : ''}
          </p>
          {isOwner ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto text-xs text-emerald-900"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate()}
            >
              Retirar consentimento
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="consent-none">
          {c?.endedReason === 'opt_out'
            ? `Pediu para sair em ${when(c.endedAt!)}: não recebe campanhas.`
            : c?.endedReason === 'owner'
              ? 'Consentimento retirado: não recebe campanhas.'
              : 'Sem consentimento: não recebe campanhas.'}
        </p>
      )}
      {isOwner && !c?.active && !consent.isPending ? (
        adding ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              record.mutate({ method }, { onSuccess: () => setAdding(false) });
            }}
          >
            <label htmlFor={`${id}-method`} className="text-xs font-medium text-slate-700">
              Como o cliente aceitou?
            </label>
            <select
              id={`${id}-method`}
              className={cn(inputClass, 'h-9 text-sm')}
              value={method}
              onChange={(e) => setMethod(e.target.value as ConsentMethod)}
            >
              {CONSENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {CONSENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={record.isPending}>
                Registrar agora
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setAdding(false)}>
                Cancelar
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setAdding(true)}>
            Registrar consentimento
          </Button>
        )
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
