import {
  WHATSAPP_OAUTH_MESSAGE_TYPE,
  whatsappOauthMessageSchema,
  type WhatsappBusinessConfig,
} from '@vendai/contracts';
import { type ConnectedCloudNumber, formatPhone } from '@vendai/contracts';
import { CheckCircle2, ExternalLink, Info, KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { ApiError } from '@/lib/api-client';
import { useConnectCloudNumber } from '../api/connect-cloud-number';
import { dialogUrl, popupFeatures, randomState } from '../lib/oauth-dialog';

type Status =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'blocked' }
  | { kind: 'connecting' }
  | { kind: 'connected'; number: ConnectedCloudNumber }
  | { kind: 'error'; message: string }
  | { kind: 'state-mismatch' };

/**
 * /connect/whatsapp: connecting a number through Meta's official API (docs/product/rules.md#access,
 * docs/product/integrations.md, docs/decisions/036-cloud-signup-window-pacing.md). Opens the Embedded Signup dialog in a
 * 1000×800 popup with a random 24-character state; the callback page posts code and state back here, and
 * the code goes to the server, which exchanges it for the business token, registers the number with a new
 * two-step verification PIN and stores it connected. The code itself is never displayed or logged; the PIN is
 * shown here once (docs/decisions/053-cloud-registration-window-standby.md).
 */
export function WhatsappBusinessLauncher() {
  const config = usePublicConfig();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Conectar pela API oficial da Meta"
        description="Conecte um número pela plataforma oficial do WhatsApp Business (Meta), sem QR Code e sem risco de banimento."
      />
      <div className="mt-6">
        <Alert tone="warning">
          A Meta cobra por mensagem de modelo: as que você envia quando o cliente não escreve há mais de 24 horas.
          Dentro das 24 horas, a IA e você respondem livremente, sem custo por mensagem.
        </Alert>
      </div>
      {config.isPending ? (
        <Spinner label="Carregando a configuração..." className="mt-8" />
      ) : config.data?.whatsappBusiness ? (
        <Launcher config={config.data.whatsappBusiness} />
      ) : (
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <Info className="size-5 text-slate-500" aria-hidden /> Não configurado neste servidor
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            A autorização pela plataforma do WhatsApp Business ainda não foi configurada aqui, então a janela da Meta
            não é aberta. Quem administra o servidor define{' '}
            <code className="rounded bg-slate-100 px-1">META_APP_ID</code> e{' '}
            <code className="rounded bg-slate-100 px-1">META_CONFIG_ID</code> (veja a documentação de configuração).
            Enquanto isso, conecte seu número pelo QR code em WhatsApp&apos;s.
          </p>
        </section>
      )}
    </div>
  );
}

function Launcher({ config }: { config: WhatsappBusinessConfig }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const expectedState = useRef<string | null>(null);
  const connect = useConnectCloudNumber();
  const connectRef = useRef(connect.mutate);
  connectRef.current = connect.mutate;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = whatsappOauthMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.type !== WHATSAPP_OAUTH_MESSAGE_TYPE) return;
      const { code, state, error } = parsed.data;
      if (!expectedState.current || state !== expectedState.current) {
        setStatus({ kind: 'state-mismatch' });
        return;
      }
      expectedState.current = null;
      if (error) setStatus({ kind: 'error', message: `Erro: ${error}` });
      else if (code) {
        setStatus({ kind: 'connecting' });
        connectRef.current(
          { code },
          {
            onSuccess: (number) => setStatus({ kind: 'connected', number }),
            onError: (err) =>
              setStatus({
                kind: 'error',
                message: err instanceof ApiError ? err.message : 'Não foi possível conectar o número. Tente novamente.',
              }),
          },
        );
      } else setStatus({ kind: 'error', message: 'Nenhum código recebido.' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const open = () => {
    const state = randomState();
    expectedState.current = state;
    const redirectUri = `${window.location.origin}${paths.connectWhatsappCallback.getHref()}`;
    const popup = window.open(
      dialogUrl(config, { redirectUri, state }),
      'vendai-whatsapp-business',
      popupFeatures(window),
    );
    setStatus(popup ? { kind: 'waiting' } : { kind: 'blocked' });
  };

  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-5 text-brand-700" aria-hidden /> Autorizar o acesso
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
        <li>Clique no botão abaixo: uma janela da Meta se abre.</li>
        <li>Entre com a conta do Facebook que administra o negócio e escolha o número do WhatsApp Business.</li>
        <li>Ao concluir, a janela se fecha e o número aparece conectado em WhatsApp&apos;s.</li>
      </ol>
      <Button className="mt-5 w-full sm:w-auto" onClick={open} disabled={status.kind === 'connecting'}>
        <ExternalLink aria-hidden /> Conectar com o WhatsApp Business
      </Button>
      <div className="mt-4" aria-live="polite">
        <StatusLine status={status} />
      </div>
    </section>
  );
}

function StatusLine({ status }: { status: Status }) {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'waiting':
      return <Spinner label="Aguardando a autorização na janela da Meta..." />;
    case 'blocked':
      return (
        <Alert tone="error">O navegador bloqueou a janela. Permita pop-ups para este site e tente novamente.</Alert>
      );
    case 'state-mismatch':
      return (
        <Alert tone="error">
          A resposta recebida não corresponde a este pedido de autorização e foi ignorada. Tente novamente.
        </Alert>
      );
    case 'error':
      return <Alert tone="error">{status.message}</Alert>;
    case 'connecting':
      return <Spinner label="Conectando o número com a Meta..." />;
    case 'connected':
      return (
        <div className="space-y-3">
          <div
            role="status"
            className="flex gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Número {formatPhone(status.number.phone)} conectado pela API oficial.{' '}
              <Link to={paths.numbers.getHref()} className="font-semibold underline">
                Ver em WhatsApp&apos;s
              </Link>
            </span>
          </div>
          <PinNotice pin={status.number.two_step_pin} />
        </div>
      );
  }
}

/** The two-step verification PIN VendAI registered the number with: shown once, for the owner to keep. */
function PinNotice({ pin }: { pin: string }) {
  return (
    <section
      aria-labelledby="pin-title"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900"
    >
      <h3 id="pin-title" className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-4 shrink-0" aria-hidden /> Guarde este PIN
      </h3>
      <p className="mt-1">
        É o PIN de verificação em duas etapas do número. A Meta pede este PIN se o número for registrado de novo (por
        exemplo, em outro provedor). Ele não será mostrado outra vez.
      </p>
      <p className="mt-2 font-mono text-2xl font-semibold tracking-[0.3em]" data-testid="two-step-pin">
        {pin}
      </p>
    </section>
  );
}
