import type { CapiEventLog, CapiSettings } from '@vendai/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { brl } from '@/lib/money';
import { useCapiSettings, useDisconnectCapi, useSaveCapi } from '../api/capi';

const STATE = {
  pending: { label: 'Enviando', className: 'bg-amber-50 text-amber-900' },
  sent: { label: 'Enviado', className: 'bg-emerald-100 text-emerald-800' },
  failed: { label: 'Recusado', className: 'bg-red-50 text-red-800' },
} as const;
const EVENT = { LeadSubmitted: 'Cliente interessado', Purchase: 'Compra' } as const;
const when = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * Configurações → 'API de Conversões da Meta' (docs/decisions/071-ad-attribution.md): the owner connects a
 * dataset (its id and an access token, stored sealed); VendAI tells Meta of each hot lead and each paid Pix of a
 * customer who came from a Click-to-WhatsApp ad, so the ads optimise for buyers. A small log of what was sent.
 */
export function CapiSection() {
  const settings = useCapiSettings();
  return (
    <section
      id="api-de-conversoes"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
      aria-labelledby="capi-title"
    >
      <h2 id="capi-title" className="font-semibold text-slate-900">
        API de Conversões da Meta
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Conte à Meta quem comprou: cada cliente que veio de um anúncio &quot;Clique para WhatsApp&quot; e pagou o Pix
        vira uma compra no Gerenciador de Anúncios, e o anúncio passa a buscar mais gente assim. Só números da API
        oficial.
      </p>
      {settings.isError ? (
        <Alert tone="error" className="mt-4">
          Não foi possível carregar a API de Conversões. Recarregue a página.
        </Alert>
      ) : settings.data ? (
        <>
          <CapiForm settings={settings.data} />
          <EventLog events={settings.data.events} />
        </>
      ) : (
        <Spinner label="Carregando..." />
      )}
    </section>
  );
}

function CapiForm({ settings }: { settings: CapiSettings }) {
  const save = useSaveCapi();
  const disconnect = useDisconnectCapi();
  const [datasetId, setDatasetId] = useState(settings.datasetId ?? '');
  const [accessToken, setAccessToken] = useState('');
  const [pageId, setPageId] = useState(settings.pageId ?? '');
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const other = save.error && !Object.keys(fields).length ? save.error.message : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { datasetId, accessToken, pageId },
      {
        onSuccess: () => {
          setAccessToken('');
          toast.success('Conjunto de dados conectado.');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2" noValidate>
      {settings.connected ? (
        <p
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 sm:col-span-2"
          data-testid="capi-connected"
        >
          Conectado ao conjunto de dados {settings.datasetId}. Para trocar o token, cole um novo e salve.
        </p>
      ) : null}
      <Field id="capi-dataset" label="ID do conjunto de dados" error={fields.datasetId}>
        <Input
          id="capi-dataset"
          value={datasetId}
          onChange={(e) => setDatasetId(e.target.value)}
          inputMode="numeric"
          aria-invalid={fields.datasetId ? true : undefined}
          aria-describedby={fields.datasetId ? 'capi-dataset-error' : undefined}
        />
      </Field>
      <Field id="capi-page" label="ID da página do Facebook (opcional)" error={fields.pageId}>
        <Input
          id="capi-page"
          value={pageId}
          onChange={(e) => setPageId(e.target.value)}
          inputMode="numeric"
          aria-invalid={fields.pageId ? true : undefined}
          aria-describedby={fields.pageId ? 'capi-page-error' : undefined}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field
          id="capi-token"
          label="Token de acesso"
          error={fields.accessToken}
          hint="Gerado no Gerenciador de Eventos → Configurações → API de Conversões. Guardado criptografado; não é mostrado de novo."
        >
          <PasswordInput
            id="capi-token"
            value={accessToken}
            onChange={(e) => setAccessToken(e.target.value)}
            autoComplete="off"
            aria-invalid={fields.accessToken ? true : undefined}
            aria-describedby={fields.accessToken ? 'capi-token-error' : undefined}
          />
        </Field>
      </div>
      {other ? (
        <p role="alert" className="text-sm text-red-600 sm:col-span-2">
          {other}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {settings.connected ? 'Salvar' : 'Conectar'}
        </Button>
        {settings.connected ? (
          <Button type="button" variant="secondary" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
            Desconectar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function EventLog({ events }: { events: CapiEventLog[] }) {
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-slate-900">Últimos eventos enviados</h3>
      {events.length ? (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="capi-log">
          {events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE[e.state].className}`}>
                {STATE[e.state].label}
              </span>
              <span className="font-medium text-slate-900">{EVENT[e.eventName]}</span>
              {e.valueCents !== null ? <span className="text-slate-700">{brl(e.valueCents)}</span> : null}
              <time dateTime={e.createdAt} className="text-xs text-slate-600">
                {when.format(new Date(e.createdAt))}
              </time>
              {e.lastError ? <span className="w-full text-xs text-red-700">{e.lastError}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Nenhum evento ainda: eles aparecem quando um cliente de anúncio compra.
        </p>
      )}
    </div>
  );
}
