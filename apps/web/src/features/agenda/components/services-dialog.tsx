import { AGENDA_MESSAGES, type AgendaService } from '@vendai/contracts/agenda';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { FormSubmit } from '@/components/ui/form-submit';
import { useCatalogueItems, useSaveService } from '../api/agenda';
import { formatPrice, parsePrice } from '../lib/money';
import { type DepositDraft, DepositFields } from './deposit-fields';
import { DEFAULT_SERVICE, GapSelect, ServiceFields, type ServiceDraft } from './service-fields';
import { EditingHeading, type SetupDialogProps, SetupList } from './setup-list';

type Draft = ServiceDraft & DepositDraft & { bufferBeforeMinutes: number; professionalIds: string[] };

const NEW_DRAFT: Draft = {
  ...DEFAULT_SERVICE,
  name: '',
  durationMinutes: 30,
  depositKind: 'none',
  depositValue: '',
  holdMinutes: 30,
  bufferBeforeMinutes: 0,
  professionalIds: [],
};

const reais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The form's draft of a saved service. */
const draftOf = (s: AgendaService): Draft => ({
  name: s.name,
  durationMinutes: s.durationMinutes,
  price: s.priceCents === null ? '' : reais(s.priceCents),
  catalogueItemId: s.catalogueItemId,
  bufferAfterMinutes: s.bufferAfterMinutes,
  bufferBeforeMinutes: s.bufferBeforeMinutes,
  professionalIds: s.professionalIds,
  depositKind: s.depositCents !== null ? 'amount' : s.depositPercent !== null ? 'percent' : 'none',
  depositValue:
    s.depositCents !== null ? reais(s.depositCents) : s.depositPercent !== null ? String(s.depositPercent) : '',
  holdMinutes: s.holdMinutes,
});

/** The sinal as the API takes it; NaN in a field when what was typed is not valid. */
function depositOf(d: DepositDraft): { depositCents: number | null; depositPercent: number | null } {
  if (d.depositKind === 'amount') {
    const cents = parsePrice(d.depositValue);
    return { depositCents: cents === null || cents < 100 ? Number.NaN : cents, depositPercent: null };
  }
  if (d.depositKind === 'percent') {
    const n = Number(d.depositValue.replace('%', '').trim());
    return { depositCents: null, depositPercent: Number.isInteger(n) && n >= 1 && n <= 100 ? n : Number.NaN };
  }
  return { depositCents: null, depositPercent: null };
}

const depositText = (s: AgendaService) =>
  s.depositCents !== null
    ? ` · sinal ${formatPrice(s.depositCents)}`
    : s.depositPercent !== null
      ? ` · sinal ${s.depositPercent}%`
      : '';

/**
 * 'Serviços': the account's services, each editable ('Editar'), and a form to add one (from the catalogue
 * or typed): duration, price, the time kept free before and after, who does it and the sinal.
 */
export function ServicesDialog({ open, onOpenChange, setup }: SetupDialogProps) {
  const catalogue = useCatalogueItems().data ?? [];
  const save = useSaveService();
  const [editing, setEditing] = useState<AgendaService | null>(null);
  const [draft, setDraft] = useState<Draft>(NEW_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'price' | 'deposit', string>>>({});
  const people = setup.professionals.filter((p) => p.active);

  const startEdit = (s: AgendaService | null) => {
    setEditing(s);
    setDraft(s ? draftOf(s) : NEW_DRAFT);
    setErrors({});
    save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const priceCents = parsePrice(draft.price);
    const deposit = depositOf(draft);
    const next = {
      name: draft.name.trim() ? undefined : AGENDA_MESSAGES.serviceName,
      price: Number.isNaN(priceCents) ? AGENDA_MESSAGES.price : undefined,
      deposit:
        Number.isNaN(deposit.depositCents) || Number.isNaN(deposit.depositPercent)
          ? AGENDA_MESSAGES.deposit
          : undefined,
    };
    setErrors(next);
    if (next.name || next.price || next.deposit) return;
    const { minNoticeMinutes, active } = editing ?? { minNoticeMinutes: undefined, active: true };
    save.mutate(
      {
        id: editing?.id ?? null,
        input: {
          name: draft.name.trim(),
          durationMinutes: draft.durationMinutes,
          priceCents,
          catalogueItemId: draft.catalogueItemId,
          bufferBeforeMinutes: draft.bufferBeforeMinutes,
          bufferAfterMinutes: draft.bufferAfterMinutes,
          ...(minNoticeMinutes === undefined ? {} : { minNoticeMinutes }),
          active,
          professionalIds: draft.professionalIds,
          ...deposit,
          holdMinutes: draft.holdMinutes,
        },
      },
      {
        onSuccess: (s) => {
          toast.success(editing ? `Serviço ${s.name} salvo.` : `Serviço ${s.name} criado.`);
          startEdit(null);
        },
      },
    );
  };

  const toggle = (id: string) =>
    setDraft({
      ...draft,
      professionalIds: draft.professionalIds.includes(id)
        ? draft.professionalIds.filter((p) => p !== id)
        : [...draft.professionalIds, id],
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Serviços" size="wide">
      <SetupList
        items={setup.services}
        onEdit={startEdit}
        details={(s) => (
          <>
            {s.durationMinutes} min · {formatPrice(s.priceCents)}
            {s.bufferAfterMinutes ? ` · ${s.bufferAfterMinutes} min de intervalo` : ''}
            {depositText(s)}
          </>
        )}
      />
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <EditingHeading editing={editing} newTitle="Novo serviço" onCancel={() => startEdit(null)} />
        <ServiceFields
          idPrefix="service"
          value={draft}
          onChange={(v) => setDraft({ ...draft, ...v })}
          catalogue={catalogue}
          errors={errors}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <GapSelect
            id="service-before"
            label="Intervalo antes"
            value={draft.bufferBeforeMinutes}
            onChange={(m) => setDraft({ ...draft, bufferBeforeMinutes: m })}
          />
        </div>
        {people.length > 1 ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Quem faz</legend>
            <p className="text-[13px] text-slate-600">Nenhum marcado: todos os profissionais.</p>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {people.map((p) => (
                <label key={p.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={draft.professionalIds.includes(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                  {p.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <DepositFields
          idPrefix="service"
          value={draft}
          onChange={(v) => setDraft({ ...draft, ...v })}
          error={errors.deposit}
        />
        <div className="flex flex-col gap-2 sm:items-end">
          <FormSubmit
            error={save.error?.message}
            pending={save.isPending}
            label={editing ? 'Salvar serviço' : 'Adicionar serviço'}
          />
        </div>
      </form>
    </Dialog>
  );
}
