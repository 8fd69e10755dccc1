import {
  CHECK_PHONE_FAILED,
  LIMITS,
  PHONE_IN_USE,
  PHONE_IN_USE_TEXT,
  UNEXPECTED_ERROR,
  phoneEntrySchema,
  type PhoneEntryInput,
} from '@vendai/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCheckPhone } from '../api/check-phone';
import type { NewNumberState } from '../lib/connect-route-state';

type Values = PhoneEntryInput;
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { phone: '', apelido: '' };

export const PHONE_IN_YOUR_ACCOUNT_TEXT = "Este número já está conectado à sua conta. Ele aparece na sua lista de WhatsApp's.";

/**
 * The phone entry dialog (part 2 §5): phone (Brazil by default, international, code not editable)
 * and a required nickname up to 50 characters; the normalised phone is checked across all accounts
 * before going to the connect screen. Nothing typed is lost on an error.
 */
export function PhoneEntryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const check = useCheckPhone();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [inUse, setInUse] = useState<null | 'other' | 'mine'>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(null);
  };

  const close = (next: boolean) => {
    if (!next) {
      setInUse(null);
      setFormError(null);
      setErrors({});
    }
    onOpenChange(next);
  };

  const tryAnotherNumber = () => {
    setInUse(null);
    // The form comes back with what was typed; the phone field gets the focus to change it.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('#new-number-phone')?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = phoneEntrySchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      const result = await check.mutateAsync({ phone: parsed.data.phone });
      if (result.exists) {
        setInUse(result.ownedByYou ? 'mine' : 'other');
        return;
      }
      const state: NewNumberState = { phoneNumber: parsed.data.phone, nickname: parsed.data.apelido };
      await navigate(paths.onboarding.connectWhatsapp.getHref(), { state });
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 400 && Object.keys(err.fields).length) setErrors(err.fields as Errors);
        else setFormError(CHECK_PHONE_FAILED);
      } else {
        setFormError(UNEXPECTED_ERROR);
      }
    }
  };

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

  const aria = (key: keyof Values) => ({
    'aria-invalid': Boolean(errors[key]) || undefined,
    'aria-describedby': errors[key] ? `new-number-${key}-error` : undefined,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Conectar novo WhatsApp"
      description="Informe o número que vai atender seus clientes e um apelido para reconhecê-lo no painel."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <Field id="new-number-phone" label="Número do WhatsApp" error={errors.phone}>
          <PhoneInput
            id="new-number-phone"
            value={values.phone}
            onChange={set('phone')}
            invalid={Boolean(errors.phone)}
            describedBy={errors.phone ? 'new-number-phone-error' : undefined}
          />
        </Field>
        <Field
          id="new-number-apelido"
          label="Apelido da instância"
          error={errors.apelido}
          hint={`Ex.: Loja Centro, Atendimento. ${values.apelido.length}/${LIMITS.nicknameMax}`}
        >
          <Input
            id="new-number-apelido"
            value={values.apelido}
            maxLength={LIMITS.nicknameMax}
            onChange={(e) => set('apelido')(e.target.value)}
            placeholder="Como você chama este número"
            autoComplete="off"
            {...aria('apelido')}
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
