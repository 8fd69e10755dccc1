import { AGENDA_MESSAGES, type AgendaSetup } from '@vendai/contracts/agenda';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { FormSubmit } from '@/components/ui/form-submit';
import { useCatalogueItems, useSaveService } from '../api/agenda';
import { formatPrice, parsePrice } from '../lib/money';
import { DEFAULT_SERVICE, ServiceFields, type ServiceDraft } from './service-fields';

/** 'Serviços': the account's services and a form to add one (from the catalogue or typed). */
export function ServicesDialog({
  open,
  onOpenChange,
  setup,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: AgendaSetup;
}) {
  const catalogue = useCatalogueItems().data ?? [];
  const save = useSaveService();
  const [draft, setDraft] = useState<ServiceDraft>({ ...DEFAULT_SERVICE, name: '', durationMinutes: 30 });
  const [errors, setErrors] = useState<Partial<Record<'name' | 'price', string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const priceCents = parsePrice(draft.price);
    const next = {
      name: draft.name.trim() ? undefined : AGENDA_MESSAGES.serviceName,
      price: Number.isNaN(priceCents) ? AGENDA_MESSAGES.price : undefined,
    };
    setErrors(next);
    if (next.name || next.price) return;
    save.mutate(
      {
        id: null,
        input: {
          name: draft.name.trim(),
          durationMinutes: draft.durationMinutes,
          priceCents,
          catalogueItemId: draft.catalogueItemId,
          bufferAfterMinutes: draft.bufferAfterMinutes,
        },
      },
      {
        onSuccess: (s) => {
          toast.success(`Serviço ${s.name} criado.`);
          setDraft({ ...DEFAULT_SERVICE, name: '', durationMinutes: 30 });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Serviços" size="wide">
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {setup.services.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm">
            <span className="font-medium text-slate-900">{s.name}</span>
            <span className="text-slate-600">
              {s.durationMinutes} min · {formatPrice(s.priceCents)}
              {s.bufferAfterMinutes ? ` · ${s.bufferAfterMinutes} min de intervalo` : ''}
            </span>
          </li>
        ))}
      </ul>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <h3 className="text-base font-semibold text-slate-900">Novo serviço</h3>
        <ServiceFields idPrefix="service" value={draft} onChange={setDraft} catalogue={catalogue} errors={errors} />
        <div className="flex flex-col gap-2 sm:items-end">
          <FormSubmit error={save.error?.message} pending={save.isPending} label="Adicionar serviço" />
        </div>
      </form>
    </Dialog>
  );
}
