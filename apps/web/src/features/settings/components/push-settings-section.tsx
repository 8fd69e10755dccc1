import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind, type PushSettings } from '@vendai/contracts';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteSubscription, usePushSettings, useSavePushPreferences, useSaveSubscription } from '../api/push';
import { currentSubscription, pushSupport, PushRefused, subscribeThisBrowser } from '../lib/browser-push';

const NOT_SUPPORTED =
  'Este navegador não recebe notificações. No iPhone, abra o VendAI no Safari, toque em Compartilhar → Adicionar à Tela de Início e ative aqui pelo app instalado.';

/**
 * 'Notificações no celular' on Configurações (docs/decisions/067-web-push.md): this browser on or off, and
 * which kinds the person signed in wants (saved at each change). The WhatsApp alerts above stay as they are.
 */
export function PushSettingsSection() {
  const settings = usePushSettings();
  return (
    <section
      id="notificacoes"
      aria-labelledby="notificacoes-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
    >
      <h2 id="notificacoes-title" className="font-semibold text-slate-900">
        Notificações no celular
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Avisos do próprio VendAI no celular ou no computador, mesmo com o app fechado. Cada pessoa da equipe escolhe os
        seus; os avisos pelo WhatsApp continuam valendo.
      </p>
      {settings.data ? <PushSettingsBody settings={settings.data} /> : <Spinner label="Carregando..." />}
    </section>
  );
}

function PushSettingsBody({ settings }: { settings: PushSettings }) {
  return (
    <div className="mt-4 grid grid-cols-1 gap-5 lg:grid-cols-2">
      <ThisDevice settings={settings} />
      <KindChoices settings={settings} />
    </div>
  );
}

type DeviceState = { kind: 'checking' } | { kind: 'off' } | { kind: 'on'; id: string | null };

function ThisDevice({ settings }: { settings: PushSettings }) {
  const support = pushSupport();
  const save = useSaveSubscription();
  const remove = useDeleteSubscription();
  const [state, setState] = useState<DeviceState>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const saveSubscription = save.mutateAsync;

  // A browser subscribed before is told to the server again (the same row): its id lets it be turned off.
  useEffect(() => {
    if (support !== 'supported' || !settings.publicKey) return;
    let live = true;
    void currentSubscription()
      .then(async (subscription) => {
        if (!subscription) return live && setState({ kind: 'off' });
        const saved = await saveSubscription(subscription.toJSON());
        if (live) setState({ kind: 'on', id: saved.id });
      })
      .catch(() => live && setState({ kind: 'off' }));
    return () => {
      live = false;
    };
  }, [support, settings.publicKey, saveSubscription]);

  const others = settings.subscriptions.length - (state.kind === 'on' ? 1 : 0);
  const elsewhere =
    others > 0 ? (
      <p className="text-xs text-slate-600">
        {others === 1 ? 'Ativas em mais 1 aparelho seu.' : `Ativas em mais ${others} aparelhos seus.`}
      </p>
    ) : null;

  if (!settings.publicKey)
    return (
      <Alert tone="warning">
        As notificações no celular não estão configuradas neste servidor. Fale com o suporte.
      </Alert>
    );
  if (support === 'unsupported')
    return (
      <div className="space-y-2">
        <Alert tone="warning">{NOT_SUPPORTED}</Alert>
        {elsewhere}
      </div>
    );

  const turnOn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await subscribeThisBrowser(settings.publicKey!);
      const saved = await save.mutateAsync(subscription.toJSON());
      setState({ kind: 'on', id: saved.id });
      toast.success('Notificações ativadas neste aparelho.');
    } catch (err) {
      setProblem(err instanceof PushRefused || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await currentSubscription();
      await subscription?.unsubscribe();
      if (state.kind === 'on' && state.id) await remove.mutateAsync(state.id);
      setState({ kind: 'off' });
      toast.success('Notificações desativadas neste aparelho.');
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Este aparelho</h3>
      {state.kind === 'checking' ? <Spinner label="Verificando..." /> : null}
      {state.kind === 'on' ? (
        <>
          <p className="text-sm text-emerald-800">Notificações ativas neste aparelho.</p>
          <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
            Desativar neste aparelho
          </Button>
        </>
      ) : null}
      {state.kind === 'off' ? (
        <>
          <p className="text-sm text-slate-600">
            {Notification.permission === 'denied'
              ? 'As notificações estão bloqueadas neste navegador: libere nas configurações do site e tente de novo.'
              : 'Ative para receber os avisos neste celular ou computador.'}
          </p>
          <Button disabled={busy || Notification.permission === 'denied'} onClick={() => void turnOn()}>
            Ativar neste aparelho
          </Button>
        </>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {elsewhere}
    </div>
  );
}

/** Each kind on or off, saved at each change; the box shows the choice at once and goes back if the save fails. */
function KindChoices({ settings }: { settings: PushSettings }) {
  const savePreferences = useSavePushPreferences();
  const [preferences, setPreferences] = useState(settings.preferences);
  const toggle = (kind: PushKind, on: boolean) => {
    const before = preferences;
    const next = { ...preferences, [kind]: on };
    setPreferences(next);
    savePreferences.mutate(next, {
      onSuccess: () => toast.success('Preferências salvas.'),
      onError: (err) => {
        setPreferences(before);
        toast.error(err.message);
      },
    });
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Me avisar quando</legend>
      {PUSH_KINDS.map((kind) => (
        <label key={kind} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            checked={preferences[kind]}
            onChange={(e) => toggle(kind, e.target.checked)}
          />
          <span>
            <span className="block text-sm font-medium text-slate-900">{PUSH_KIND_LABELS[kind].label}</span>
            <span className="block text-xs text-slate-600">{PUSH_KIND_LABELS[kind].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
