import { PHONE_MISSING, PRODUCT_NAME, formatPhone } from '@vendai/contracts';
import { ArrowLeft, CheckCircle2, Clock, Lock, MessagesSquare, QrCode, RefreshCw, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConnectionFlow, type ConnectPhase } from '../hooks/use-connection-flow';
import { readConnectRouteState, type ConnectRouteState } from '../lib/connect-route-state';
import { ConnectionTimeoutDialog } from './connection-timeout-dialog';
import { AudienceChoice } from './audience-choice';
import { CountdownBar } from './countdown-bar';
import { LinkDeviceSteps } from './link-device-steps';
import { SimulatorHint } from './simulator-hint';

/**
 * /onboarding/connect-whatsapp (docs/product/screens.md, docs/product/rules.md#states-and-transitions, docs/product/limits.md): steps to link a device, the QR with a 90 s
 * countdown, a product description and 'Voltar ao painel'. Receives {phoneNumber, nickname} for a new
 * number, or {isReconnecting, qrCode, instance} to reconnect one.
 */
export function ConnectWhatsappPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the screen later rewrites its own history state (to survive a reload).
  const [route] = useState<ConnectRouteState>(() => readConnectRouteState(location.state));
  const flow = useConnectionFlow(route);
  const [timeoutOpen, setTimeoutOpen] = useState(true);
  const { phase } = flow;

  const retry = () => {
    setTimeoutOpen(true);
    void flow.retry();
  };

  const who =
    route.kind === 'new'
      ? { nickname: route.nickname, phone: formatPhone(route.phoneNumber) }
      : route.kind === 'reconnect'
        ? { nickname: route.instance.apelido, phone: route.instance.phone ? formatPhone(route.instance.phone) : '' }
        : null;

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <Link
            to={paths.conversations.getHref()}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Voltar ao painel
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-x-10 lg:py-12">
        <div className="lg:col-start-1">
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
            <Smartphone className="size-3.5" aria-hidden />
            {route.kind === 'reconnect' ? 'Reconexão' : 'Novo WhatsApp'}
          </p>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {route.kind === 'reconnect' ? 'Reconecte seu WhatsApp' : 'Conecte seu WhatsApp'}
          </h1>
          {who ? (
            <p className="mt-2 text-slate-600">
              {who.nickname ? <strong className="font-semibold text-slate-800">{who.nickname}</strong> : null}
              {who.nickname && who.phone ? ' · ' : null}
              {who.phone}
            </p>
          ) : null}
        </div>

        <section
          aria-label="QR Code"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:mt-0 lg:self-start"
        >
          <QrPanel phase={phase} flow={flow} onRetry={retry} nickname={who?.nickname} />
        </section>

        <div className="lg:col-start-1">
          <section
            aria-labelledby="como-conectar"
            className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
          >
            <h2 id="como-conectar" className="font-semibold text-slate-900">
              Como conectar pelo celular
            </h2>
            <LinkDeviceSteps className="mt-4" />
          </section>

          <section
            aria-labelledby="sobre"
            className="mt-6 rounded-2xl border border-brand-100 bg-brand-50/60 p-5 sm:p-6"
          >
            <h2 id="sobre" className="font-semibold text-slate-900">
              O que o {PRODUCT_NAME} faz com este número
            </h2>
            <p className="mt-2 text-[15px] leading-relaxed text-slate-700">
              Depois de conectado, o assistente de vendas com IA do {PRODUCT_NAME} responde seus clientes no WhatsApp 24
              horas por dia, no tom do seu negócio. Você acompanha cada conversa pelo painel e assume o atendimento
              quando quiser.
            </p>
            <ul className="mt-4 grid gap-3 text-sm text-slate-700 sm:grid-cols-3 lg:grid-cols-1">
              <li className="flex gap-2">
                <MessagesSquare className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                As conversas continuam no seu celular
              </li>
              <li className="flex gap-2">
                <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                Cerca de 2 minutos para conectar
              </li>
              <li className="flex gap-2">
                <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                Desconecte quando quiser
              </li>
            </ul>
          </section>
        </div>
      </main>

      {phase.name === 'expired' ? (
        <ConnectionTimeoutDialog
          open={timeoutOpen}
          outcome={phase.outcome}
          onOpenChange={setTimeoutOpen}
          onBack={() => void navigate(paths.conversations.getHref())}
          onRetry={retry}
        />
      ) : null}
    </div>
  );
}

function QrPanel({
  phase,
  flow,
  onRetry,
  nickname,
}: {
  phase: ConnectPhase;
  flow: ReturnType<typeof useConnectionFlow>;
  onRetry: () => void;
  nickname?: string | null;
}) {
  switch (phase.name) {
    case 'missing':
      return (
        <div className="space-y-4 text-center">
          <Alert tone="error">{PHONE_MISSING}</Alert>
          <p className="text-sm text-slate-600">Adicione o número na lista de WhatsApp&apos;s para gerar o QR Code.</p>
          <Button asChild>
            <Link to={paths.numbers.getHref()}>Ir para WhatsApp&apos;s</Link>
          </Button>
        </div>
      );
    case 'connecting':
      return (
        <div className="flex aspect-square flex-col items-center justify-center gap-3 rounded-xl bg-slate-50 text-center">
          <Spinner label="Gerando QR Code..." />
          <p className="px-6 text-xs text-slate-500">Isso leva alguns segundos.</p>
        </div>
      );
    case 'waiting':
      return (
        <div className="flex flex-col items-center gap-5">
          <h2 className="text-center font-semibold text-slate-900">Escaneie este QR Code com o WhatsApp</h2>
          {flow.problem ? (
            <Alert tone="error" className="w-full text-left">
              {flow.problem}
            </Alert>
          ) : null}
          {flow.qrError ? (
            <div className="flex aspect-square w-full max-w-72 flex-col items-center justify-center gap-4 rounded-xl bg-slate-50 p-4 text-center">
              <Alert tone="error">{flow.qrError}</Alert>
              <Button variant="secondary" onClick={flow.reloadQr}>
                <RefreshCw aria-hidden />
                Gerar novo QR Code
              </Button>
            </div>
          ) : (
            <img
              key={flow.qrVersion}
              src={phase.qrCode}
              alt="QR Code para conectar o WhatsApp"
              width={288}
              height={288}
              onError={flow.onQrImageError}
              className="aspect-square w-full max-w-72 rounded-xl border border-slate-200 bg-white p-2"
            />
          )}
          <CountdownBar seconds={flow.remaining} />
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <Spinner className="size-3.5" />
            Aguardando a leitura do QR Code...
          </p>
          <SimulatorHint nickname={nickname} />
        </div>
      );
    case 'expiring':
      return (
        <div className="flex aspect-square flex-col items-center justify-center gap-3 rounded-xl bg-slate-50 text-center">
          <Spinner label="Tempo esgotado. Encerrando a tentativa..." />
        </div>
      );
    case 'expired':
      return (
        <div className="flex aspect-square flex-col items-center justify-center gap-4 rounded-xl bg-slate-50 p-6 text-center">
          <QrCode className="size-10 text-slate-400" aria-hidden />
          <p className="font-semibold text-slate-900">QR Code expirado</p>
          <Button onClick={onRetry}>Tentar Novamente</Button>
        </div>
      );
    case 'connected':
      return (
        <div
          role="status"
          className={
            flow.audienceFor
              ? 'flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-5 text-center'
              : 'flex aspect-square flex-col items-center justify-center gap-3 rounded-xl bg-brand-50 p-6 text-center'
          }
        >
          <CheckCircle2
            className={flow.audienceFor ? 'size-10 text-brand-700' : 'size-14 text-brand-700'}
            aria-hidden
          />
          <p className="text-lg font-bold text-slate-900">WhatsApp conectado!</p>
          {flow.audienceFor ? (
            <AudienceChoice numberId={flow.audienceFor} onInteract={flow.holdRedirect} />
          ) : (
            <>
              <p className="text-sm text-slate-600">Levando você ao painel...</p>
              <Link to={paths.conversations.getHref()} className="text-sm font-semibold text-brand-700 hover:underline">
                Ir para o painel agora
              </Link>
            </>
          )}
        </div>
      );
    case 'failed':
      return (
        <div className="space-y-4 text-center">
          <Alert tone="error" className="text-left">
            {phase.kind === 'in-use' ? (
              <>
                <strong className="block font-semibold">Número já em uso</strong>
                {phase.message}
              </>
            ) : (
              phase.message
            )}
          </Alert>
          <div className="flex flex-col justify-center gap-2 sm:flex-row">
            {phase.kind === 'limit' ? (
              <Button asChild>
                <Link to={paths.pricing.getHref()}>Ver Planos</Link>
              </Button>
            ) : phase.kind === 'in-use' ? (
              <Button asChild>
                <Link to={paths.numbers.getHref()}>Tentar outro número</Link>
              </Button>
            ) : (
              <Button onClick={onRetry}>
                <RefreshCw aria-hidden />
                Tentar Novamente
              </Button>
            )}
          </div>
        </div>
      );
  }
}
