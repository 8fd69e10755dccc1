import type { InvitationPreview } from '@vendai/contracts/team';
import { MailCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe, useSignOut } from '@/lib/auth';
import { returnSearch } from '@/lib/return-to';
import { useAcceptInvitation, useInvitationPreview } from '../api/team-api';

const PROBLEM: Record<Exclude<InvitationPreview['status'], 'valid'>, string> = {
  unknown: 'Este convite não existe. Peça um novo convite ao dono da conta.',
  expired: 'Este convite expirou. Peça um novo convite ao dono da conta.',
  used: 'Este convite já foi usado. Se foi você, é só entrar com o seu e-mail.',
  revoked: 'Este convite foi cancelado. Peça um novo convite ao dono da conta.',
};

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-10">
      <Link to={paths.home.getHref()} aria-label="Página inicial" className="mb-6">
        <Logo />
      </Link>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </main>
    </div>
  );
}

/**
 * /convite?code=… (docs/decisions/044-team-roles-and-assignment.md): works signed out. It says whose
 * team invites whom; signed out it offers creating an account or signing in (coming back here), signed
 * in with the invited e-mail it accepts, with another e-mail it says so.
 */
export function InvitePage() {
  const { search, pathname } = useLocation();
  const code = new URLSearchParams(search).get('code') ?? '';
  const preview = useInvitationPreview(code);
  const me = useMe();

  if (!code) {
    return (
      <Card>
        <Alert tone="error">Link de convite incompleto. Abra o link exatamente como chegou no e-mail.</Alert>
      </Card>
    );
  }
  if (preview.isPending || me.isPending) {
    return (
      <Card>
        <div className="flex justify-center py-6">
          <Spinner label="Verificando o convite..." />
        </div>
      </Card>
    );
  }
  if (preview.isError) {
    return (
      <Card>
        <Alert tone="error">Não foi possível verificar o convite. {preview.error.message}</Alert>
      </Card>
    );
  }
  const invitation = preview.data;
  if (invitation.status !== 'valid') {
    return (
      <Card>
        <h1 className="text-xl font-bold text-slate-900">Convite indisponível</h1>
        <Alert tone="warning" className="mt-4">
          {PROBLEM[invitation.status]}
        </Alert>
        <Button asChild variant="secondary" className="mt-6 w-full">
          <Link to={me.data ? paths.conversations.getHref() : paths.login.getHref()}>
            {me.data ? 'Ir para as conversas' : 'Entrar'}
          </Link>
        </Button>
      </Card>
    );
  }
  const back = returnSearch(`${pathname}${search}`);
  return (
    <Card>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Users className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-bold text-slate-900">Convite para a equipe de {invitation.accountName}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Você vai atender os clientes no WhatsApp pela caixa de entrada compartilhada. O convite é para{' '}
        <strong className="font-semibold text-slate-900">{invitation.email}</strong>.
      </p>
      {me.data ? (
        <SignedIn email={me.data.user.email} invitedEmail={invitation.email!} code={code} />
      ) : (
        <div className="mt-6 flex flex-col gap-2">
          <Button asChild>
            <Link to={paths.register.getHref(`${back}&${new URLSearchParams({ email: invitation.email! })}`)}>
              Criar conta com este e-mail
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.login.getHref(back)}>Já tenho conta: entrar</Link>
          </Button>
        </div>
      )}
    </Card>
  );
}

function SignedIn({ email, invitedEmail, code }: { email: string; invitedEmail: string; code: string }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  if (email.toLowerCase() !== invitedEmail) {
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="warning">
          Você entrou como {email}. Para aceitar, saia e entre (ou crie uma conta) com {invitedEmail}.
        </Alert>
        <Button variant="secondary" className="w-full" onClick={() => void signOut()}>
          Sair e entrar com outro e-mail
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-6 space-y-3">
      {accept.error ? <Alert tone="error">{accept.error.message}</Alert> : null}
      <Button
        className="w-full"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(code, { onSuccess: () => void navigate(paths.conversations.getHref(), { replace: true }) })
        }
      >
        {accept.isPending ? <Spinner className="size-4" /> : <MailCheck aria-hidden />} Aceitar convite
      </Button>
    </div>
  );
}
