import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-client';
import { useDeleteAccount } from '../api/privacy';

const UNEXPECTED = 'Não foi possível excluir sua conta agora. Tente novamente em instantes.';

/** The confirmation of 'Excluir minha conta': what goes, and the password. Success leaves the app. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [password, setPassword] = useState('');
  const mutation = useDeleteAccount();
  const apiError = mutation.error instanceof ApiError ? mutation.error : null;
  const fieldError = apiError?.fields.password;
  const formError = mutation.error && !fieldError ? (apiError?.message ?? UNEXPECTED) : null;

  const close = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) {
      setPassword('');
      mutation.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Excluir minha conta"
      description="Esta ação não pode ser desfeita."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="delete-account-form" variant="danger" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <>
                <Loader2 className="animate-spin" aria-hidden /> Excluindo...
              </>
            ) : (
              'Excluir definitivamente'
            )}
          </Button>
        </>
      }
    >
      <form
        id="delete-account-form"
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          mutation.mutate({ password }, { onSuccess: () => window.location.assign('/') });
        }}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Seus números são desconectados do WhatsApp.</li>
          <li>Sua assinatura é cancelada na hora, sem novas cobranças.</li>
          <li>Conversas, mensagens, fotos, áudios, agentes e configurações são apagados.</li>
        </ul>
        <p className="text-sm text-slate-600">Se quiser guardar uma cópia, use antes “Exportar meus dados”.</p>
        <Field id="delete-account-password" label="Digite sua senha para confirmar" error={fieldError}>
          <PasswordInput
            id="delete-account-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'delete-account-password-error' : undefined}
          />
        </Field>
        {formError ? (
          <p role="alert" className="text-sm text-red-600">
            {formError}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
