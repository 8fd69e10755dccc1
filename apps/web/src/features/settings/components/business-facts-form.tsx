import { zodResolver } from '@hookform/resolvers/zod';
import { BUSINESS_FACT_LABELS, type BusinessSettings, updateBusinessSettingsSchema } from '@vendai/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { inputClass } from '@/components/ui/input';
import { FormSubmit } from '@/components/ui/form-submit';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { FORM_OPTIONS, SERVER_ERROR, fieldAria, setServerFieldErrors } from '@/lib/form';
import { useUpdateBusinessSettings } from '../api/settings';

const FIELDS = ['address', 'paymentMethods', 'deliveryAreas', 'hoursNote'] as const;
type Key = (typeof FIELDS)[number];
const schema = updateBusinessSettingsSchema.pick({
  address: true,
  paymentMethods: true,
  deliveryAreas: true,
  hoursNote: true,
});

const PLACEHOLDERS: Record<Key, string> = {
  address: 'Ex.: Rua das Flores, 120 — Vila Mariana, São Paulo (SP)',
  paymentMethods: 'Ex.: Pix, dinheiro e cartão (crédito em até 3x sem juros)',
  deliveryAreas: 'Ex.: Vila Mariana, Moema e Saúde; taxa de R$ 8. Retirada na loja sem custo.',
  hoursNote: 'Ex.: aos sábados, encomendas só até as 11h',
};

/**
 * 'Dados do negócio' (docs/decisions/066-business-facts-in-one-place.md): the address, the payment
 * methods, the delivery areas and a note on the hours, kept once here. The training and Conhecimento show
 * them; the AI gets them in every reply. A blank field removes the fact.
 */
export function BusinessFactsForm({ settings }: { settings: BusinessSettings }) {
  const update = useUpdateBusinessSettings();
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    ...FORM_OPTIONS,
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(FIELDS.map((k) => [k, settings.facts[k] ?? ''])),
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((data) =>
    update.mutate(
      { timeZone: settings.timeZone, ...data },
      {
        onSuccess: () => toast.success('Dados do negócio salvos.'),
        onError: (err) => {
          if (!setServerFieldErrors(err, setError, [...FIELDS])) setError(SERVER_ERROR, { message: err.message });
        },
      },
    ),
  );
  const formError = errors.root?.server?.message;

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
      {FIELDS.map((key) => (
        <Field key={key} id={`fact-${key}`} label={BUSINESS_FACT_LABELS[key]} error={errors[key]?.message}>
          <textarea
            id={`fact-${key}`}
            rows={2}
            className={cn(inputClass, 'min-h-16 py-2')}
            placeholder={PLACEHOLDERS[key]}
            {...register(key)}
            {...fieldAria(`fact-${key}`, errors[key]?.message)}
          />
        </Field>
      ))}
      <FormSubmit error={formError} pending={update.isPending} label="Salvar dados do negócio" />
    </form>
  );
}
