import { AGENDA_MESSAGES } from '@vendai/contracts/agenda';
import { CalendarCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Field } from '@/components/ui/field';
import { FormSubmit } from '@/components/ui/form-submit';
import { Input } from '@/components/ui/input';
import { useMe } from '@/lib/auth';
import { useCatalogueItems, useQuickSetup } from '../api/agenda';
import { parsePrice } from '../lib/money';
import { DEFAULT_SERVICE, ServiceFields, type ServiceDraft } from './service-fields';

/**
 * The agenda's first run (docs/decisions/069-agenda.md): a one-person business is ready in a few clicks.
 * The owner is the one professional, on the business hours of Configurações; one service with a
 * sensible duration (or a service of the catalogue). More people and services come later.
 */
export function FirstRunSetup() {
  const me = useMe().data;
  const catalogue = useCatalogueItems().data ?? [];
  const setup = useQuickSetup();
  const [name, setName] = useState(me?.user.name ?? '');
  const [service, setService] = useState<ServiceDraft>(DEFAULT_SERVICE);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'price' | 'professional', string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const priceCents = parsePrice(service.price);
    const next = {
      professional: name.trim() ? undefined : AGENDA_MESSAGES.professionalName,
      name: service.name.trim() ? undefined : AGENDA_MESSAGES.serviceName,
      price: Number.isNaN(priceCents) ? AGENDA_MESSAGES.price : undefined,
    };
    setErrors(next);
    if (next.professional || next.name || next.price) return;
    setup.mutate(
      {
        professionalName: name.trim(),
        service: {
          name: service.name.trim(),
          durationMinutes: service.durationMinutes,
          priceCents,
          catalogueItemId: service.catalogueItemId,
          bufferAfterMinutes: service.bufferAfterMinutes,
        },
      },
      { onSuccess: () => toast.success('Agenda pronta. Os horários seguem o horário de atendimento.') },
    );
  };

  return (
    <section
      aria-labelledby="agenda-setup-title"
      className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-brand-50 p-2.5 text-brand-700">
          <CalendarCheck className="size-6" aria-hidden />
        </span>
        <div>
          <h2 id="agenda-setup-title" className="text-lg font-semibold text-slate-900">
            Configure sua agenda em um minuto
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Quem atende e o primeiro serviço. Os horários livres seguem o horário de atendimento de Configurações, sem
            os feriados nacionais; você ajusta tudo depois.
          </p>
        </div>
      </div>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <Field id="setup-professional" label="Quem atende" error={errors.professional}>
          <Input
            id="setup-professional"
            value={name}
            maxLength={60}
            placeholder="Seu nome"
            aria-invalid={errors.professional ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <ServiceFields idPrefix="setup" value={service} onChange={setService} catalogue={catalogue} errors={errors} />
        <div className="flex flex-col gap-2 pt-2 sm:items-end">
          <FormSubmit error={setup.error?.message} pending={setup.isPending} label="Começar a agendar" />
        </div>
      </form>
    </section>
  );
}
