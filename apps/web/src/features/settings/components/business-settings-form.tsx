import { zodResolver } from '@hookform/resolvers/zod';
import {
  BRAZIL_TIME_ZONES,
  type BusinessSettings,
  updateBusinessSettingsSchema,
  type UpdateBusinessSettingsInput,
  type WeeklyHours,
} from '@vendai/contracts';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormSubmit } from '@/components/ui/form-submit';
import { Field } from '@/components/ui/field';
import { FORM_OPTIONS, SERVER_ERROR, fieldAria, setServerFieldErrors } from '@/lib/form';
import { useUpdateBusinessSettings } from '../api/settings';
import { ClosedDaysEditor } from './closed-days-editor';
import { WeekHoursEditor } from './week-hours-editor';

type Values = UpdateBusinessSettingsInput;
const FIELDS: (keyof Values)[] = ['timeZone', 'hours', 'closedDays'];
/** The week offered when the owner first turns business hours on: Mon–Fri 08–18, Sat 08–13. */
const FIRST_WEEK: WeeklyHours = [
  null,
  ...Array(5).fill({ from: '08:00', to: '18:00' }),
  { from: '08:00', to: '13:00' },
];

/** The business's clock (decisions 018, 019): time zone, opening hours, closed days. */
export function BusinessSettingsForm({ settings }: { settings: BusinessSettings }) {
  const update = useUpdateBusinessSettings();
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    ...FORM_OPTIONS,
    resolver: zodResolver(updateBusinessSettingsSchema),
    defaultValues: settings,
  });
  const { errors } = formState;
  const known = BRAZIL_TIME_ZONES.some((z) => z.id === settings.timeZone);
  const onSubmit = handleSubmit((data) =>
    update.mutate(data, {
      onSuccess: () => toast.success('Horário da empresa salvo.'),
      onError: (err) => {
        if (!setServerFieldErrors(err, setError, FIELDS)) setError(SERVER_ERROR, { message: err.message });
      },
    }),
  );
  const formError = errors.root?.server?.message;
  const dayErrors = Array.from({ length: 7 }, (_, i) => {
    const e = (errors.hours as unknown as Record<number, { from?: { message?: string }; to?: { message?: string } }>)?.[
      i
    ];
    return e?.from?.message ?? e?.to?.message;
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-5" noValidate>
      <Field
        id="timeZone"
        label="Fuso horário"
        error={errors.timeZone?.message}
        hint="A IA usa este fuso para saber a data e a hora de agora ao responder seus clientes."
      >
        <select
          id="timeZone"
          className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
          {...register('timeZone')}
          {...fieldAria('timeZone', errors.timeZone?.message)}
        >
          {known ? null : <option value={settings.timeZone}>{settings.timeZone}</option>}
          {BRAZIL_TIME_ZONES.map((z) => (
            <option key={z.id} value={z.id}>
              {z.label}
            </option>
          ))}
        </select>
      </Field>
      <Controller
        control={control}
        name="hours"
        render={({ field: { value, onChange } }) => (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">Horário de atendimento</legend>
            <label className="flex items-start gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                checked={Boolean(value)}
                onChange={(e) => onChange(e.target.checked ? FIRST_WEEK : null)}
              />
              <span>
                Informar o horário de atendimento
                <span className="block text-xs text-slate-500">
                  A IA diz ao cliente quando a empresa abre e não promete uma pessoa fora do horário. Feriados nacionais
                  contam como fechados.
                </span>
              </span>
            </label>
            {value ? <WeekHoursEditor value={value} onChange={onChange} errors={dayErrors} /> : null}
            {typeof errors.hours?.message === 'string' ? (
              <p role="alert" className="text-sm text-red-600">
                {errors.hours.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="closedDays"
        render={({ field: { value, onChange } }) => (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Dias fechados (além dos feriados nacionais)</legend>
            <ClosedDaysEditor
              value={value ?? []}
              onChange={onChange}
              error={errors.closedDays?.message ?? errors.closedDays?.find?.((e) => e)?.message}
            />
          </fieldset>
        )}
      />
      <FormSubmit error={formError} pending={update.isPending} label="Salvar horário" />
    </form>
  );
}
