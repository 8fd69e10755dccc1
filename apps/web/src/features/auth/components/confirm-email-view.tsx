import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';
import { useConfirmEmail } from '../api/email-verification';
import { AuthLayout } from './auth-layout';

/**
 * /confirmar-email?code=… (docs/decisions/051-verified-email-and-membership-end.md): confirms once on
 * open, with a POST (a mail scanner that only fetches the link confirms nothing), then offers the way
 * back into the app.
 */
export function ConfirmEmailView() {
  const { search } = useLocation();
  const code = new URLSearchParams(search).get('code') ?? '';
  const confirm = useConfirmEmail();
  const me = useMe();
  const sent = useRef(false);
  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    confirm.mutate(code);
  }, [code, confirm]);

  const next = me.data ? (
    <Button asChild className="mt-6 w-full">
      <Link to={paths.conversations.getHref()}>Ir para o painel</Link>
    </Button>
  ) : (
    <Button asChild className="mt-6 w-full">
      <Link to={paths.login.getHref()}>Entrar</Link>
    </Button>
  );

  if (!code) {
    return (
      <AuthLayout title="Confirmar e-mail">
        <Alert tone="error">Link de confirmação incompleto. Abra o link exatamente como chegou no e-mail.</Alert>
      </AuthLayout>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthLayout title="E-mail confirmado">
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          Pronto! Agora você pode convidar pessoas para a sua equipe e receber pagamentos por Pix.
        </p>
        {next}
      </AuthLayout>
    );
  }
  if (confirm.isError) {
    return (
      <AuthLayout title="Confirmar e-mail">
        <Alert tone="error">{confirm.error.message}</Alert>
        {next}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Confirmar e-mail">
      <div className="flex justify-center py-6">
        <Spinner label="Confirmando seu e-mail..." />
      </div>
    </AuthLayout>
  );
}
