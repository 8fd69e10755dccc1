import { TIMING } from '@vendai/contracts';
import { MailCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from './auth-layout';

/** /forgot-password (part 1 §2): confirmation, then a 5-second countdown to /login. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email: email.trim().toLowerCase() }, { onSuccess: () => setSecondsLeft(TIMING.forgotPasswordRedirectSeconds) });
  };

  if (secondsLeft !== null) {
    return (
      <AuthLayout title="Recuperar Senha">
        <div className="space-y-4 text-center">
          <MailCheck className="mx-auto size-12 text-brand-600" aria-hidden />
          <p role="status" className="font-semibold text-slate-900">
            Email de recuperação enviado com sucesso!
          </p>
          <p className="text-sm text-slate-600">
            Se houver uma conta com <strong className="break-all">{email.trim()}</strong>, você receberá um link para criar uma nova senha. Verifique também a caixa de spam.
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
    <AuthLayout title="Recuperar Senha" subtitle="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.">
      <form onSubmit={onSubmit} className="space-y-4">
        <Field id="email" label="E-mail">
          <Input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="voce@empresa.com.br" />
        </Field>
        {request.error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {request.error.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Enviando...' : 'Enviar link de recuperação'}
        </Button>
        <Button type="button" variant="secondary" className="w-full" onClick={() => void navigate(paths.login.getHref())}>
          Voltar ao login
        </Button>
      </form>
    </AuthLayout>
  );
}
