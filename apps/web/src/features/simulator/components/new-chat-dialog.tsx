import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FORM_OPTIONS, fieldAria, focusFirstError } from '@/lib/form';
import { onlyDigits } from '../lib/format';
import { newChatFormSchema, type NewChatForm } from '../lib/new-chat-form';
import type { DraftChat } from '../lib/draft-chat';

/** Who writes: a customer (name + number), alone or as a member of a new group. */
export function NewChatDialog({
  open,
  onOpenChange,
  onStart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStart: (draft: DraftChat) => void;
}) {
  const { register, control, handleSubmit, setFocus, formState } = useForm<NewChatForm>({
    ...FORM_OPTIONS,
    shouldFocusError: false,
    resolver: zodResolver(newChatFormSchema),
    defaultValues: { name: '', phone: '', isGroup: false, subject: '' },
  });
  const { errors } = formState;
  const isGroup = useWatch({ control, name: 'isGroup' });

  const submit = handleSubmit(
    (data) =>
      onStart({
        customer: { name: data.name, phone: data.phone },
        group: data.isGroup ? { subject: data.subject } : null,
      }),
    focusFirstError(['name', 'phone', 'subject'], setFocus),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Nova conversa"
      description="Você escreve como este cliente para o número conectado."
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
        <Field id="sim-new-name" label="Nome do cliente" error={errors.name?.message}>
          <Input
            id="sim-new-name"
            {...register('name')}
            maxLength={60}
            {...fieldAria('sim-new-name', errors.name?.message)}
            autoComplete="off"
          />
        </Field>
        <Field
          id="sim-new-phone"
          label="Número do cliente (DDI + DDD + número)"
          error={errors.phone?.message}
          hint="Ex.: 5511987654321"
        >
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <Input
                id="sim-new-phone"
                inputMode="numeric"
                {...field}
                onChange={(e) => field.onChange(onlyDigits(e.target.value))}
                maxLength={15}
                {...fieldAria('sim-new-phone', errors.phone?.message)}
                autoComplete="off"
              />
            )}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register('isGroup')} className="size-4 accent-brand-700" />
          Escrever de um grupo (o cliente é participante)
        </label>
        {isGroup ? (
          <Field id="sim-new-subject" label="Nome do grupo" error={errors.subject?.message}>
            <Input
              id="sim-new-subject"
              {...register('subject')}
              maxLength={80}
              {...fieldAria('sim-new-subject', errors.subject?.message)}
            />
          </Field>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit">Começar conversa</Button>
        </div>
      </form>
    </Dialog>
  );
}
