import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MISMATCH, registerSchema, type RegisterInput } from '@vendai/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { PhoneInput } from '@/components/ui/phone-input';
import { paths } from '@/config/paths';
import { returnPathFrom } from '@/lib/return-to';
import { useCompleteAuth } from '@/lib/auth';
import { FORM_OPTIONS, SERVER_ERROR, fieldAria, focusFirstError, setServerFieldErrors } from '@/lib/form';
import { reportReferralAfterSignIn } from '@/lib/referral';
import { useRegister } from '../api/register';
import { AuthLayout } from './auth-layout';

type Values = RegisterInput;
const EMPTY: Values = { fullName: '', email: '', phone: '', password: '', confirmPassword: '' };
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

/** /register (docs/product/screens.md, docs/product/rules.md#validation): same zod contract as the server; nothing typed is lost on an error. */
export function RegisterForm() {
  const { search } = useLocation();
  const completeAuth = useCompleteAuth();
  const registerMutation = useRegister();
  const { register, control, handleSubmit, setError, clearErrors, setFocus, formState } = useForm<Values>({
    ...FORM_OPTIONS,
    shouldFocusError: false,
    resolver: zodResolver(registerSchema),
    // An invitation (/convite) passes the invited e-mail.
    defaultValues: { ...EMPTY, email: new URLSearchParams(search).get('email') ?? '' },
  });
  const { errors } = formState;
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const mismatch = confirmPassword.length > 0 && password !== confirmPassword;

  const onSubmit = handleSubmit(
    (data) =>
      registerMutation.mutate(data, {
        onSuccess: () => {
          void reportReferralAfterSignIn(data.email);
          // Back where sign-up was asked for (an invitation's /convite), else the first steps.
          void completeAuth(returnPathFrom(search) ?? paths.onboarding.welcome.getHref());
        },
        onError: (err) => {
          if (!setServerFieldErrors(err, setError, FIELDS)) setError(SERVER_ERROR, { message: err.message });
        },
      }),
    focusFirstError(FIELDS, setFocus),
  );

  const err = (key: keyof Values) => (key === 'confirmPassword' && mismatch ? PASSWORD_MISMATCH : errors[key]?.message);
  /** Typing in a field clears its message (the next submit validates again). */
  const field = (key: keyof Values) => ({
    ...register(key, { onChange: () => clearErrors(key) }),
    ...fieldAria(key, err(key)),
  });
  const formError = errors.root?.server?.message;

  return (
    <AuthLayout
      title="Criar conta"
      subtitle="Comece grátis, sem cartão de crédito."
      footer={
        <Link to={paths.login.getHref(search)} className="font-semibold text-brand-700 hover:underline">
          Já tem uma conta?
        </Link>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        <Field id="fullName" label="Nome completo" error={err('fullName')}>
          <Input id="fullName" autoComplete="name" required {...field('fullName')} />
        </Field>
        <Field id="email" label="E-mail" error={err('email')}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            placeholder="voce@empresa.com.br"
            {...field('email')}
          />
        </Field>
        <Field id="phone" label="Telefone (WhatsApp)" error={err('phone')}>
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
                invalid={Boolean(err('phone'))}
                describedBy={err('phone') ? 'phone-error' : undefined}
              />
            )}
          />
        </Field>
        <Field id="password" label="Senha" error={err('password')} hint="Pelo menos 8 caracteres.">
          <PasswordInput id="password" autoComplete="new-password" required {...field('password')} />
        </Field>
        <Field id="confirmPassword" label="Confirmar senha" error={err('confirmPassword')}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" required {...field('confirmPassword')} />
        </Field>
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={mismatch || registerMutation.isPending}>
          {registerMutation.isPending ? 'Criando conta...' : 'Criar conta'}
        </Button>
        <p className="text-center text-xs text-slate-500">
          Ao criar a conta você concorda com a{' '}
          <Link to={paths.privacy.getHref()} className="underline">
            Política de Privacidade
          </Link>
          .
        </p>
      </form>
    </AuthLayout>
  );
}
