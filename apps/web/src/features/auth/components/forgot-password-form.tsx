import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, TIMING, type ForgotPasswordInput } from '@vendai/contracts';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { FORM_OPTIONS, fieldAria } from '@/lib/form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from './auth-layout';

/** /forgot-password (docs/product/screens.md): confirmation, then a 5-second countdown to /login. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const { register, handleSubmit, getValues, clearErrors, formState } = useForm<ForgotPasswordInput>({
    ...FORM_OPTIONS,
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const emailError = formState.errors.email?.message;
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft <= 0) {
      void navigate(paths.login.getHref(), { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => (s ?? 1) - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, navigate]);

  // The schema trims and lowercases the address; the browser checks 'required' and its format first.
  const onSubmit = handleSubmit((data) =>
    request.mutate(data, { onSuccess: () => setSecondsLeft(TIMING.forgotPasswordRedirectSeconds) }),
  );

  if (secondsLeft !== null) {
    return (
      <AuthLayout title="Recuperar Senha">
        <div className="space-y-4 text-center">
          <MailCheck className="mx-auto size-12 text-brand-600" aria-hidden />
          <p role="status" className="font-semibold text-slate-900">
            Email de recuperação enviado com sucesso!
          </p>
          <p className="text-sm text-slate-600">
            Se houver uma conta com <strong className="break-all">{getValues('email').trim()}</strong>, você receberá um
            link para redefinir sua senha. Verifique também a caixa de spam.
          </p>
          <p className="text-sm text-slate-500">Redirecionando para o login em {secondsLeft}s...</p>
          <Button variant="secondary" className="w-full" onClick={() => void navigate(paths.login.getHref())}>
            Voltar ao login
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Recuperar Senha"
      subtitle="Informe o e-mail da sua conta e enviaremos um link para redefinir sua senha."
    >
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <Field id="email" label="E-mail" error={emailError}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            placeholder="voce@empresa.com.br"
            {...register('email', { onChange: () => clearErrors('email') })}
            {...fieldAria('email', emailError)}
          />
        </Field>
        {request.error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {request.error.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Enviando...' : 'Enviar link de recuperação'}
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          onClick={() => void navigate(paths.login.getHref())}
        >
          Voltar ao login
        </Button>
      </form>
    </AuthLayout>
  );
}
