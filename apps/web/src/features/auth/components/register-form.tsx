import { PASSWORD_MISMATCH, registerSchema, type RegisterInput } from '@vendai/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { PhoneInput } from '@/components/ui/phone-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCompleteAuth } from '@/lib/auth';
import { reportReferralAfterSignIn } from '@/lib/referral';
import { useRegister } from '../api/register';
import { AuthLayout } from './auth-layout';

type Values = RegisterInput;
const EMPTY: Values = { fullName: '', email: '', phone: '', password: '', confirmPassword: '' };

/** /register (part 1 §2, §5): same zod contract as the server; nothing typed is lost on an error. */
export function RegisterForm() {
  const { search } = useLocation();
  const completeAuth = useCompleteAuth();
  const registerMutation = useRegister();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const mismatch = values.confirmPassword.length > 0 && values.password !== values.confirmPassword;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(next);
      return;
    }
    registerMutation.mutate(parsed.data, {
      onSuccess: () => {
        void reportReferralAfterSignIn(parsed.data.email);
        void completeAuth(paths.onboarding.welcome.getHref());
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields as typeof errors);
        else setFormError(err.message);
      },
    });
  };

  const err = (key: keyof Values) => (key === 'confirmPassword' && mismatch ? PASSWORD_MISMATCH : errors[key]);
  const aria = (key: keyof Values) => ({ 'aria-invalid': Boolean(err(key)) || undefined, 'aria-describedby': err(key) ? `${key}-error` : undefined });

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
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field id="fullName" label="Nome completo" error={err('fullName')}>
          <Input id="fullName" autoComplete="name" required value={values.fullName} onChange={(e) => set('fullName')(e.target.value)} {...aria('fullName')} />
        </Field>
        <Field id="email" label="E-mail" error={err('email')}>
          <Input id="email" type="email" autoComplete="email" required value={values.email} onChange={(e) => set('email')(e.target.value)} placeholder="voce@empresa.com.br" {...aria('email')} />
        </Field>
        <Field id="phone" label="Telefone (WhatsApp)" error={err('phone')}>
          <PhoneInput id="phone" value={values.phone} onChange={set('phone')} invalid={Boolean(err('phone'))} describedBy={err('phone') ? 'phone-error' : undefined} />
        </Field>
        <Field id="password" label="Senha" error={err('password')} hint="Pelo menos 8 caracteres.">
          <PasswordInput id="password" autoComplete="new-password" required value={values.password} onChange={(e) => set('password')(e.target.value)} {...aria('password')} />
        </Field>
        <Field id="confirmPassword" label="Confirmar senha" error={err('confirmPassword')}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" required value={values.confirmPassword} onChange={(e) => set('confirmPassword')(e.target.value)} {...aria('confirmPassword')} />
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

