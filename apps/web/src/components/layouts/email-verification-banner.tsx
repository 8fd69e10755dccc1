import { useMutation } from '@tanstack/react-query';
import type { Me } from '@vendai/contracts';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';

/**
 * The owner has not confirmed the e-mail yet (docs/decisions/051-verified-email-and-membership-end.md):
 * inviting and receiving money wait for it. 'Reenviar e-mail' sends a new link (a few an hour).
 */
export function EmailVerificationBanner({ me }: { me: Me }) {
  const resend = useMutation({
    mutationFn: () => api.post<{ sentTo: string }>('/api/account/email-verification', {}),
    onSuccess: ({ sentTo }) => toast.success(`Enviamos um novo link de confirmação para ${sentTo}.`),
    onError: (err) => toast.error(err.message),
  });
  if (me.user.emailVerified || me.team.role !== 'owner') return null;
  return (
    <div
      role="status"
      data-testid="email-verification-banner"
      className="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:px-6"
    >
      <MailWarning className="hidden size-4 shrink-0 sm:block" aria-hidden />
      <p className="min-w-0 flex-1">
        Confirme seu e-mail <strong className="font-semibold break-all">{me.user.email}</strong> para convidar pessoas
        para a equipe e receber pagamentos por Pix. Abra o link que enviamos para ele.
      </p>
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className="shrink-0 self-start font-semibold text-amber-950 underline underline-offset-4 disabled:opacity-60 sm:self-auto"
      >
        {resend.isPending ? 'Enviando...' : 'Reenviar e-mail'}
      </button>
    </div>
  );
}
