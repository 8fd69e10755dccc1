import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MISMATCH, resetPasswordSchema, TIMING, type ResetPasswordInput } from '@vendai/contracts';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { FORM_OPTIONS, fieldAria } from '@/lib/form';
import { useResetLinkStatus, useResetPassword } from '../api/reset-password';
import { readResetLink } from '../lib/read-reset-link';
import { AuthLayout } from './auth-layout';

/** /reset-password: validating → invalid/expired or form → success → /login after 2 s (docs/product/rules.md#states-and-transitions, docs/product/messages.md). */
export function ResetPasswordView() {
  const { search, hash } = useLocation();
  const link = useMemo(() => readResetLink(search, hash), [search, hash]);
  const code = link.kind === 'code' ? link.code : null;
  const status = useResetLinkStatus(code);
  const reset = useResetPassword();
  const [usedUp, setUsedUp] = useState(false);

  if (link.kind === 'error') return <LinkProblem reason={link.reason} />;
  if (status.isPending) {
    return (
      <AuthLayout title="Redefinir senha">
        <div className="flex justify-center py-6">
          <Spinner label="Validando link de recuperação..." />
        </div>
      </AuthLayout>
    );
  }
  if (status.isError) {
    return (
      <AuthLayout title="Redefinir senha">
        <Alert tone="error">Erro ao validar link de recuperação. Verifique sua conexão e recarregue a página.</Alert>
      </AuthLayout>
    );
  }
  if (usedUp || status.data.status !== 'valid')
    return <LinkProblem reason={status.data.status === 'expired' ? 'expired' : 'invalid'} />;
  if (reset.isSuccess) return <ResetDone />;
  return (
    <ResetForm
      code={code!}
      pending={reset.isPending}
      error={reset.error?.message}
      onSubmit={(password) =>
        reset.mutate(
          { code: code!, password },
          { onError: (err) => err instanceof ApiError && err.code === 'INVALID_TOKEN' && setUsedUp(true) },
        )
      }
    />
  );
}

function ResetForm({
  code,
  pending,
  error,
  onSubmit,
}: {
  code: string;
  pending: boolean;
  error?: string;
  onSubmit: (password: string) => void;
}) {
  const { register, control, handleSubmit, clearErrors, formState } = useForm<ResetPasswordInput>({
    ...FORM_OPTIONS,
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { code, password: '', confirmPassword: '' },
  });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const mismatch = confirm.length > 0 && password !== confirm;
  // While the confirmation shows the mismatch, the password's own message waits (as before).
  const passwordError = mismatch ? undefined : formState.errors.password?.message;
  const confirmError = mismatch ? PASSWORD_MISMATCH : formState.errors.confirmPassword?.message;
  const submit = handleSubmit((data) => onSubmit(data.password));

  return (
    <AuthLayout title="Redefinir senha" subtitle="Crie uma nova senha com pelo menos 8 caracteres.">
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <Field id="password" label="Nova senha" error={passwordError}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            required
            {...register('password', { onChange: () => clearErrors('password') })}
            {...fieldAria('password', passwordError)}
          />
        </Field>
        <Field id="confirmPassword" label="Confirmar nova senha" error={confirmError}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            required
            {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })}
            {...fieldAria('confirmPassword', confirmError)}
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={mismatch || pending}>
          {pending ? 'Salvando...' : 'Salvar nova senha'}
        </Button>
      </form>
    </AuthLayout>
  );
}

function ResetDone() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(paths.login.getHref(), { replace: true }),
      TIMING.resetPasswordRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthLayout title="Redefinir senha">
      <div className="space-y-3 text-center">
        <CheckCircle2 className="mx-auto size-12 text-brand-600" aria-hidden />
        <p role="status" className="font-semibold text-slate-900">
          Senha alterada com sucesso!
        </p>
        <p className="text-sm text-slate-600">Redirecionando para o login...</p>
      </div>
    </AuthLayout>
  );
}

function LinkProblem({ reason }: { reason: 'expired' | 'invalid' }) {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Redefinir senha">
      <div className="space-y-4 text-center">
        <LinkIcon className="mx-auto size-12 text-amber-500" aria-hidden />
        <p className="font-semibold text-slate-900">
          {reason === 'expired' ? 'O link de recuperação expirou.' : 'Link de recuperação inválido ou expirado.'}
        </p>
        <p className="text-sm text-slate-600">Por favor, solicite um novo link de recuperação de senha.</p>
        <Button className="w-full" onClick={() => void navigate(paths.forgotPassword.getHref())}>
          Solicitar novo link
        </Button>
      </div>
    </AuthLayout>
  );
}
