import { zodResolver } from '@hookform/resolvers/zod';
import {
  BRAZIL_TIME_ZONES,
  type BusinessSettings,
  updateBusinessSettingsSchema,
  type UpdateBusinessSettingsInput,
} from '@vendai/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FORM_OPTIONS, SERVER_ERROR, fieldAria, setServerFieldErrors } from '@/lib/form';
import { useUpdateBusinessSettings } from '../api/settings';

type Values = UpdateBusinessSettingsInput;
const FIELDS: (keyof Values)[] = ['timeZone'];

/** The business's clock: the time zone the AI reads the date and time in (decision 018). */
export function BusinessSettingsForm({ settings }: { settings: BusinessSettings }) {
  const update = useUpdateBusinessSettings();
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    ...FORM_OPTIONS,
    resolver: zodResolver(updateBusinessSettingsSchema),
    defaultValues: settings,
  });
  const { errors } = formState;
  const known = BRAZIL_TIME_ZONES.some((z) => z.id === settings.timeZone);
  const onSubmit = handleSubmit((data) =>
    update.mutate(data, {
      onSuccess: () => toast.success('Fuso horário salvo.'),
      onError: (err) => {
        if (!setServerFieldErrors(err, setError, FIELDS)) setError(SERVER_ERROR, { message: err.message });
      },
    }),
  );
  const formError = errors.root?.server?.message;

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
      {formError ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Salvando...' : 'Salvar fuso horário'}
      </Button>
    </form>
  );
}
