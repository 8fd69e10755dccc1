import type { CreatedInvitation, Invitation, TeamMember } from '@vendai/contracts/team';
import { Copy, Link2, Mail, RefreshCw, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTeam } from '@/lib/api/get-team';
import { useInvite, useRemoveMember, useRevokeInvitation } from '../api/team-api';
import { AttendantPermissionsCard } from './attendant-permissions';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const date = (iso: string) => dateFormat.format(new Date(iso));

/**
 * /equipe (docs/decisions/044-team-roles-and-assignment.md): the owner invites attendants by e-mail or
 * copies the invitation's link to send it themselves (docs/decisions/051-verified-email-and-membership-end.md),
 * sees who is in the team and the pending invitations, removes a person or cancels an invitation, and
 * chooses what attendants may do (docs/decisions/052-attendant-permissions-and-number-claims.md).
 */
export function TeamPage() {
  const team = useTeam();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Equipe"
        description="Convide as pessoas que atendem seus clientes. Atendentes veem as conversas e os contatos e respondem pela caixa de entrada; planos, IA e configurações continuam só com você, e você escolhe abaixo o que mais eles podem fazer."
      />
      <InviteForm />
      {team.isPending ? (
        <Spinner label="Carregando a equipe..." />
      ) : team.isError ? (
        <Alert tone="error">
          <span className="flex flex-wrap items-center gap-3">
            Não foi possível carregar a equipe. {team.error.message}
            <Button variant="secondary" size="sm" onClick={() => void team.refetch()}>
              <RefreshCw aria-hidden /> Tentar novamente
            </Button>
          </span>
        </Alert>
      ) : (
        <>
          <Members members={team.data.members} />
          <Invitations invitations={team.data.invitations} />
          <AttendantPermissionsCard />
        </>
      )}
    </div>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const create = async (delivery: 'email' | 'link') => {
    setError(null);
    try {
      const invitation = await invite.mutateAsync({ email, delivery });
      setCreated(invitation);
      setEmail('');
      if (invitation.mailed) toast.success(`Convite enviado para ${invitation.email}.`);
      else await copyLink(invitation.link);
    } catch (err) {
      // The e-mail stays as typed so it can be fixed (or the link copied instead).
      setError(err instanceof ApiError ? (err.fields?.email ?? err.message) : 'Não foi possível enviar o convite.');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create('email');
  };
  return (
    <form onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <UserPlus className="size-5 text-brand-700" aria-hidden /> Convidar atendente
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field
            id="invite-email"
            label="E-mail da pessoa"
            error={error ?? undefined}
            hint="Ela recebe um link que vale por 7 dias e pode ser usado uma vez. Prefere mandar você mesmo? Use 'Copiar link'."
          >
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              placeholder="nome@exemplo.com.br"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'invite-email-error' : undefined}
            />
          </Field>
        </div>
        <div className="flex flex-col gap-2 sm:mt-7 sm:flex-row">
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <Spinner className="size-4" /> : <Mail aria-hidden />} Enviar convite
          </Button>
          <Button type="button" variant="secondary" disabled={invite.isPending} onClick={() => void create('link')}>
            <Link2 aria-hidden /> Copiar link
          </Button>
        </div>
      </div>
      {created ? <CreatedLink invitation={created} /> : null}
    </form>
  );
}

/** Copies an invitation's link; where the browser refuses (an http address on the network), says to copy it by hand. */
async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success('Link do convite copiado. Envie para a pessoa pelo WhatsApp ou por e-mail.');
  } catch {
    toast.info('Copie o link do convite abaixo e envie para a pessoa.');
  }
}

/** The link of the invitation just made: shown once (only its hash is kept), to copy and send. */
function CreatedLink({ invitation }: { invitation: CreatedInvitation }) {
  return (
    <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-3" data-testid="invitation-link">
      <label htmlFor="invitation-link" className="text-sm font-medium text-slate-900">
        Link do convite para {invitation.email}
      </label>
      <p className="text-xs text-slate-600">
        Só quem entrar com este e-mail pode aceitar. O link aparece só agora: para outro, convide de novo.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Input
          id="invitation-link"
          readOnly
          value={invitation.link}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label="Copiar o link do convite"
          onClick={() => void copyLink(invitation.link)}
        >
          <Copy aria-hidden /> Copiar
        </Button>
      </div>
    </div>
  );
}

function Members({ members }: { members: TeamMember[] }) {
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <section aria-labelledby="team-members" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id="team-members" className="flex items-center gap-2 px-5 pt-4 text-base font-semibold text-slate-900">
        <Users className="size-5 text-brand-700" aria-hidden /> Pessoas ({members.length})
      </h2>
      <ul className="mt-2 divide-y divide-slate-100" aria-label="Pessoas da equipe">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-3 px-5 py-3" data-testid="team-member">
            <div className="min-w-0 flex-1 basis-56">
              <p className="truncate text-sm font-semibold text-slate-900">{m.name}</p>
              <p className="truncate text-xs text-slate-600">{m.email}</p>
            </div>
            <span
              className={
                m.role === 'owner'
                  ? 'rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800'
                  : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700'
              }
            >
              {m.role === 'owner' ? 'Dono da conta' : 'Atendente'}
            </span>
            {m.role === 'attendant' ? (
              <Button variant="secondary" size="sm" onClick={() => setRemoving(m)}>
                Remover
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {members.length === 1 ? (
        <p className="px-5 pb-4 text-sm text-slate-600">
          Só você por enquanto. Convide quem atende seus clientes para dividir a caixa de entrada.
        </p>
      ) : null}
      {removing ? <RemoveDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

function RemoveDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const remove = useRemoveMember();
  const confirm = async () => {
    try {
      await remove.mutateAsync(member.id);
      toast.success(`${member.name} não faz mais parte da equipe.`);
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Não foi possível remover.');
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Remover ${member.name}?`}
      description="A pessoa perde o acesso às conversas na hora. As conversas com ela ficam sem responsável."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending}>
            Remover da equipe
          </Button>
        </>
      }
    />
  );
}

function Invitations({ invitations }: { invitations: Invitation[] }) {
  const revoke = useRevokeInvitation();
  const invite = useInvite();
  if (!invitations.length) return null;
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Não foi possível concluir.');
    }
  };
  return (
    <section aria-labelledby="team-invitations" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id="team-invitations" className="px-5 pt-4 text-base font-semibold text-slate-900">
        Convites pendentes
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-3 px-5 py-3" data-testid="team-invitation">
            <div className="min-w-0 flex-1 basis-56">
              <p className="truncate text-sm font-semibold text-slate-900">{i.email}</p>
              <p className="text-xs text-slate-600">
                Enviado em {date(i.createdAt)} · vale até {date(i.expiresAt)}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={invite.isPending}
              onClick={() =>
                void act(
                  () => invite.mutateAsync({ email: i.email, delivery: 'email' }),
                  `Novo convite enviado para ${i.email}.`,
                )
              }
            >
              Reenviar
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => void act(() => revoke.mutateAsync(i.id), 'Convite cancelado.')}
            >
              Cancelar convite
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
