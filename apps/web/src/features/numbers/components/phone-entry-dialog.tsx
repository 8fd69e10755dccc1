import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHECK_PHONE_FAILED,
  LIMITS,
  PHONE_IN_USE,
  PHONE_IN_USE_TEXT,
  UNEXPECTED_ERROR,
  phoneEntrySchema,
  type PhoneEntryInput,
} from '@vendai/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { FORM_OPTIONS, SERVER_ERROR, fieldAria, focusFirstError, setServerFieldErrors } from '@/lib/form';
import { useCheckPhone } from '../api/check-phone';
import type { NewNumberState } from '../lib/connect-route-state';

type Values = PhoneEntryInput;
const EMPTY: Values = { phone: '', apelido: '' };
const FIELDS = ['phone', 'apelido'] as const;

export const PHONE_IN_YOUR_ACCOUNT_TEXT =
  "Este número já está conectado à sua conta. Ele aparece na sua lista de WhatsApp's.";

/**
 * The phone entry dialog (docs/product/rules.md#validation): phone (Brazil by default, international, code not editable)
 * and a required nickname up to 50 characters; the normalised phone is checked across all accounts
 * before going to the connect screen. Nothing typed is lost on an error.
 */
export function PhoneEntryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const check = useCheckPhone();
  const { register, control, handleSubmit, setError, clearErrors, setFocus, formState } = useForm<Values>({
    ...FORM_OPTIONS,
    shouldFocusError: false,
    resolver: zodResolver(phoneEntrySchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const apelido = useWatch({ control, name: 'apelido' });
  const [inUse, setInUse] = useState<null | 'other' | 'mine'>(null);

  /** Typing clears that field's message and the form's message. */
  const edited = (key: keyof Values) => {
    clearErrors(key);
    clearErrors(SERVER_ERROR);
  };

  const close = (next: boolean) => {
    if (!next) {
      setInUse(null);
      clearErrors();
    }
    onOpenChange(next);
  };

  const tryAnotherNumber = () => {
    setInUse(null);
    // The form comes back with what was typed; the phone field gets the focus to change it.
    requestAnimationFrame(() => setFocus('phone'));
  };

  const onSubmit = handleSubmit(
    async (data) => {
      try {
        const result = await check.mutateAsync({ phone: data.phone });
        if (result.exists) {
          setInUse(result.ownedByYou ? 'mine' : 'other');
          return;
        }
        const state: NewNumberState = { phoneNumber: data.phone, nickname: data.apelido };
        await navigate(paths.onboarding.connectWhatsapp.getHref(), { state });
      } catch (err) {
        if (err instanceof ApiError) {
          if (!(err.status === 400 && setServerFieldErrors(err, setError, FIELDS)))
            setError(SERVER_ERROR, { message: CHECK_PHONE_FAILED });
        } else {
          setError(SERVER_ERROR, { message: UNEXPECTED_ERROR });
        }
      }
    },
    focusFirstError(FIELDS, setFocus),
  );
  const formError = errors.root?.server?.message;

  if (inUse) {
    return (
      <Dialog
        open={open}
        onOpenChange={close}
        title={PHONE_IN_USE}
        description={inUse === 'mine' ? PHONE_IN_YOUR_ACCOUNT_TEXT : PHONE_IN_USE_TEXT}
        footer={<Button onClick={tryAnotherNumber}>Tentar outro número</Button>}
      />
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Conectar novo WhatsApp"
      description="Informe o número que vai atender seus clientes e um apelido para reconhecê-lo no painel."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-5 space-y-4">
        <Field id="new-number-phone" label="Número do WhatsApp" error={errors.phone?.message}>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id="new-number-phone"
                ref={field.ref}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  edited('phone');
                }}
                onBlur={field.onBlur}
                invalid={Boolean(errors.phone)}
                describedBy={errors.phone ? 'new-number-phone-error' : undefined}
              />
            )}
          />
        </Field>
        <Field
          id="new-number-apelido"
          label="Apelido da instância"
          error={errors.apelido?.message}
          hint={`Ex.: Loja Centro, Atendimento. ${apelido.length}/${LIMITS.nicknameMax}`}
        >
          <Input
            id="new-number-apelido"
            maxLength={LIMITS.nicknameMax}
            placeholder="Como você chama este número"
            autoComplete="off"
            {...register('apelido', { onChange: () => edited('apelido') })}
            {...fieldAria('new-number-apelido', errors.apelido?.message)}
          />
        </Field>
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button type="submit" disabled={check.isPending}>
            {check.isPending ? 'Verificando...' : 'Conectar'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
