import {
  PIX_MESSAGES,
  PIX_PROVIDER_LABELS,
  type PixProviderChoiceName,
  type PixSettings,
  type SavePixSettingsInput,
} from '@vendai/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePixSettings, useRemovePixSettings, useSavePixSettings } from '../api/pix';

/** The section's anchor: the menu's 'Pix' entry links to it (components/layouts/nav-items.ts). */
const PIX_SECTION_ID = 'pagamentos-pix';

/** Configurações → 'Pagamentos Pix' (docs/decisions/038-pix-charges.md): provider, key (tested, never shown again). */
export function PixSettingsSection() {
  const settings = usePixSettings();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The menu's 'Pix' opens Configurações at this section.
  const loaded = Boolean(settings.data);
  useEffect(() => {
    if (hash === `#${PIX_SECTION_ID}` && loaded) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
  return (
    <section
      ref={section}
      id={PIX_SECTION_ID}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
      aria-labelledby="pix-title"
    >
      <h2 id="pix-title" className="font-semibold text-slate-900">
        Pagamentos Pix
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A IA envia o Pix quando o cliente confirma o pedido, com o total calculado pelos preços do catálogo. Você é
        avisado quando ele pagar.
      </p>
      {settings.error ? (
        <Alert tone="error" className="mt-4">
          Não foi possível carregar os pagamentos Pix. Recarregue a página.
        </Alert>
      ) : settings.data ? (
        <PixForm settings={settings.data} />
      ) : (
        <Spinner label="Carregando..." />
      )}
    </section>
  );
}

function PixForm({ settings }: { settings: PixSettings }) {
  const save = useSavePixSettings();
  const remove = useRemovePixSettings();
  const choices = [
    'asaas',
    'mercadopago',
    ...(settings.standinAvailable ? ['standin'] : []),
  ] as PixProviderChoiceName[];
  const [provider, setProvider] = useState<PixProviderChoiceName>(
    settings.provider ?? (settings.standinAvailable ? 'standin' : 'asaas'),
  );
  const [apiKey, setApiKey] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<{ apiKey?: string; secret?: string }>({});
  const failure =
    save.error instanceof ApiError ? save.error.message : save.error ? 'Não foi possível salvar agora.' : null;

  // Saving Mercado Pago again keeps its access token: the signing secret can come on a later save.
  const keyKept = provider === 'mercadopago' && settings.provider === 'mercadopago';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = apiKey.trim();
    const next = {
      apiKey:
        provider !== 'standin' && !(keyKept && key === '') && key.length < 8 ? PIX_MESSAGES.keyRequired : undefined,
      secret:
        provider === 'mercadopago' && secret.trim() !== '' && secret.trim().length < 8
          ? PIX_MESSAGES.secretRequired
          : undefined,
    };
    setErrors(next);
    if (next.apiKey || next.secret) return;
    const input: SavePixSettingsInput =
      provider === 'standin'
        ? { provider }
        : provider === 'asaas'
          ? { provider, apiKey: key }
          : {
              provider,
              ...(key ? { apiKey: key } : {}),
              ...(secret.trim() ? { webhookSecret: secret.trim() } : {}),
            };
    save.mutate(input, {
      onSuccess: () => {
        setApiKey('');
        setSecret('');
        toast.success('Pix configurado: a chave foi testada e guardada com segurança.');
      },
    });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      {settings.configured && settings.provider ? (
        <Alert tone="success">
          Configurado com {PIX_PROVIDER_LABELS[settings.provider]}
          {settings.provider !== 'standin' ? ` · chave ${settings.keyHint}` : ''}. A chave nunca é mostrada de novo.
        </Alert>
      ) : null}
      {settings.provider === 'mercadopago' && !settings.webhookSecretSet ? (
        <Alert tone="warning">
          Falta a assinatura secreta dos webhooks: o Pix já funciona, e o VendAI confere os pagamentos a cada poucos
          minutos. Cole a assinatura abaixo para confirmar cada pagamento na hora.
        </Alert>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Provedor</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {choices.map((c) => (
            <label
              key={c}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="pix-provider"
                value={c}
                checked={provider === c}
                onChange={() => setProvider(c)}
              />
              {PIX_PROVIDER_LABELS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      {provider === 'standin' ? (
        <p className="text-sm text-slate-600">
          Sem dinheiro de verdade: o cliente recebe um Pix de teste e você paga no{' '}
          {settings.standinUrl ? (
            <a
              className="font-semibold text-brand-700 hover:underline"
              href={settings.standinUrl}
              target="_blank"
              rel="noreferrer"
            >
              banco local
            </a>
          ) : (
            'banco local'
          )}
          . Disponível só fora de produção.
        </p>
      ) : (
        <Field
          id="pix-api-key"
          label={provider === 'asaas' ? 'Chave de API do Asaas' : 'Access token do Mercado Pago'}
          error={errors.apiKey}
          hint={
            keyKept
              ? `Deixe em branco para manter o token atual (${settings.keyHint}).`
              : 'Testamos a chave ao salvar e guardamos criptografada.'
          }
        >
          <Input
            id="pix-api-key"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            aria-invalid={Boolean(errors.apiKey)}
          />
        </Field>
      )}
      {provider === 'mercadopago' ? <MercadoPagoWebhookUrl url={settings.webhookUrl} /> : null}
      {provider === 'mercadopago' ? (
        <Field
          id="pix-secret"
          label="Assinatura secreta dos webhooks (opcional)"
          error={errors.secret}
          hint={
            settings.webhookSecretSet
              ? 'Deixe em branco para manter a assinatura atual.'
              : 'Aparece no Mercado Pago depois de cadastrar a URL acima. Pode salvar sem ela e colar depois.'
          }
        >
          <Input
            id="pix-secret"
            type="password"
            autoComplete="off"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            aria-invalid={Boolean(errors.secret)}
          />
        </Field>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {settings.configured ? (
          <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Desligar o Pix
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Testando a chave…' : 'Salvar e testar'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Mercado Pago set-up in one pass (docs/decisions/055-pix-orders-state-machine.md): the URL to register
 * in Suas integrações → Webhooks is shown before anything is saved; registering it gives the signing secret.
 */
function MercadoPagoWebhookUrl({ url }: { url: string }) {
  const copy = () =>
    navigator.clipboard
      ?.writeText(url)
      .then(() => toast.success('URL copiada.'))
      .catch(() => toast.error('Não foi possível copiar: selecione e copie a URL.'));
  return (
    <div className="space-y-1">
      <label htmlFor="pix-webhook-url" className="text-sm font-medium text-slate-700">
        URL de notificações (webhook)
      </label>
      <div className="flex gap-2">
        <Input id="pix-webhook-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="secondary" onClick={copy}>
          Copiar
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        No Mercado Pago, em Suas integrações → Webhooks, cadastre esta URL com o evento Pagamentos.
      </p>
    </div>
  );
}
