import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountSettings,
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  updateAccountSettingsSchema,
  type UpdateAccountSettingsInput,
} from '@vendai/contracts';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { FormSubmit } from '@/components/ui/form-submit';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { FORM_OPTIONS, SERVER_ERROR, fieldAria, focusFirstError, setServerFieldErrors } from '@/lib/form';
import { useUpdateSettings } from '../api/settings';

type Values = UpdateAccountSettingsInput;
const FIELDS: (keyof Values)[] = [
  'phone',
  'alertHandoff',
  'alertNeedsOwner',
  'alertHotLead',
  'alertChannel',
  'alertDailyCap',
];

const KINDS: { name: 'alertHandoff' | 'alertNeedsOwner' | 'alertHotLead'; label: string; hint: string }[] = [
  {
    name: 'alertHandoff',
    label: 'Cliente pediu para falar com uma pessoa',
    hint: 'A conversa passa para o modo Manual e você recebe um aviso.',
  },
  {
    name: 'alertNeedsOwner',
    label: 'A IA precisou de você',
    hint: 'Preço ou estoque que não está no prompt, uma reclamação.',
  },
  { name: 'alertHotLead', label: 'Cliente pronto para comprar', hint: 'Quando a IA percebe uma venda quente.' },
];

/** The personal WhatsApp and the alert settings (docs/decisions/015-handoff.md). */
export function AlertSettingsForm({ settings }: { settings: AccountSettings }) {
  const update = useUpdateSettings();
  const { register, control, handleSubmit, setError, clearErrors, setFocus, formState } = useForm<
    z.input<typeof updateAccountSettingsSchema>,
    unknown,
    Values
  >({
    ...FORM_OPTIONS,
    shouldFocusError: false,
    resolver: zodResolver(updateAccountSettingsSchema),
    defaultValues: { ...settings, phone: settings.phone ?? '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(
    (data) =>
      update.mutate(data, {
        onSuccess: () => toast.success('Configurações salvas.'),
        onError: (err) => {
          if (!setServerFieldErrors(err, setError, FIELDS)) setError(SERVER_ERROR, { message: err.message });
        },
      }),
    focusFirstError(FIELDS, setFocus),
  );
  const formError = errors.root?.server?.message;

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-5" noValidate>
      <Field
        id="phone"
        label="Seu WhatsApp pessoal"
        error={errors.phone?.message}
        hint="Os avisos saem do WhatsApp da empresa para este número: use um número diferente do da empresa."
      >
        <Controller
          control={control}
          name="phone"
          render={({ field: { ref, value, onChange, onBlur } }) => (
            <PhoneInput
              id="phone"
              ref={ref}
              value={value}
              onChange={(v) => {
                onChange(v);
                clearErrors('phone');
              }}
              onBlur={onBlur}
              invalid={Boolean(errors.phone)}
              describedBy={errors.phone ? 'phone-error' : undefined}
            />
          )}
        />
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Avisar no meu WhatsApp quando</legend>
        {KINDS.map((k) => (
          <label key={k.name} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
            <input type="checkbox" className="mt-1 size-4 accent-brand-700" {...register(k.name)} />
            <span>
              <span className="block text-sm font-medium text-slate-900">{k.label}</span>
              <span className="block text-xs text-slate-600">{k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        id="alertChannel"
        label="Receber os avisos"
        error={errors.alertChannel?.message}
        hint={`Por e-mail, os avisos vão para ${settings.email}.`}
      >
        <select
          id="alertChannel"
          className="h-10 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
          {...register('alertChannel')}
          {...fieldAria('alertChannel', errors.alertChannel?.message)}
        >
          {ALERT_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {ALERT_CHANNEL_LABELS[channel]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="alertDailyCap"
        label="Limite de avisos por dia"
        error={errors.alertDailyCap?.message}
        hint="No máximo um aviso por conversa a cada hora."
      >
        <Input
          id="alertDailyCap"
          type="number"
          min={1}
          max={100}
          className="max-w-32"
          {...register('alertDailyCap', { valueAsNumber: true, onChange: () => clearErrors('alertDailyCap') })}
          {...fieldAria('alertDailyCap', errors.alertDailyCap?.message)}
        />
      </Field>
      <FormSubmit error={formError} pending={update.isPending} label="Salvar" />
    </form>
  );
}
