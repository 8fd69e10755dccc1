import { WHATSAPP_OAUTH_MESSAGE_TYPE, type WhatsappOauthMessage } from '@vendai/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';

/**
 * /connect/whatsapp/callback (public; docs/product/integrations.md "Other", docs/product/messages.md): where the Meta dialog returns. Posts the
 * code and state to the window that opened it (same origin only) and says what happened:
 * 'Erro: {error}' or 'Nenhum código recebido.'.
 */
export function WhatsappBusinessCallback() {
  const [search] = useSearchParams();
  const message = useMemo<WhatsappOauthMessage>(
    () => ({
      type: WHATSAPP_OAUTH_MESSAGE_TYPE,
      code: search.get('code'),
      state: search.get('state'),
      error: search.get('error_description') ?? search.get('error_message') ?? search.get('error'),
    }),
    [search],
  );
  const [hasOpener, setHasOpener] = useState(true);

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setHasOpener(false);
      return;
    }
    opener.postMessage(message, window.location.origin);
  }, [message]);

  const failed = !!message.error || !message.code;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-10 text-center">
      <Logo />
      <div className="mt-8 w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {failed ? (
          <XCircle className="mx-auto size-10 text-red-600" aria-hidden />
        ) : (
          <CheckCircle2 className="mx-auto size-10 text-brand-700" aria-hidden />
        )}
        <h1 className="mt-3 text-lg font-semibold text-slate-900">
          {failed ? 'Autorização não concluída' : 'Autorização recebida'}
        </h1>
        <p role={failed ? 'alert' : 'status'} className="mt-2 text-sm text-slate-600">
          {message.error
            ? `Erro: ${message.error}`
            : !message.code
              ? 'Nenhum código recebido.'
              : hasOpener
                ? 'Enviamos a autorização para o VendAI. Você já pode fechar esta janela.'
                : 'A janela do VendAI que pediu a autorização não está mais aberta. Volte ao VendAI e tente novamente.'}
        </p>
        {hasOpener ? (
          <Button variant="secondary" className="mt-5" onClick={() => window.close()}>
            Fechar janela
          </Button>
        ) : null}
      </div>
    </main>
  );
}
