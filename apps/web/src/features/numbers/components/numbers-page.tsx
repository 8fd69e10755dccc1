import { LinkNumberToAgent } from './link-number-to-agent';
import { LOAD_NUMBERS_FAILED, formatPhone, instanceDisplayName, type NumberView } from '@vendai/contracts';
import { Plus, RefreshCw, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { LimitDialog } from '@/components/limit-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { limits } from '@/lib/usage';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { useNumbers } from '@/lib/api/get-numbers';
import { useNumbersRealtime } from '../hooks/use-numbers-realtime';
import { formatConnectedAt } from '../lib/format-date';
import { AudienceSelect } from './audience-select';
import { CloudNumberBadges } from './cloud-number-badges';
import { CloudMeterLine } from './cloud-meter-line';
import { OneBalloonSwitch } from './one-balloon-switch';
import { ConnectChoiceDialog } from './connect-choice-dialog';
import { DeleteNumberDialog } from './delete-number-dialog';
import { PhoneEntryDialog } from './phone-entry-dialog';
import { ReconnectDialog } from './reconnect-dialog';
import { AgentBadge, StatusBadge } from './status-badge';

const LIMIT_TEXT =
  'Você atingiu o limite de números de WhatsApp do seu plano. Faça upgrade para conectar mais números.';
const LIMITS_LOOKUP_FAILED = 'Erro ao verificar limites do plano. Tente novamente.';

/** /instances-management (docs/product/rules.md#states-and-transitions, docs/product/messages.md, docs/product/limits.md). */
export function NumbersPage() {
  const numbers = useNumbers();
  const usage = useCurrentUsage();
  useNumbersRealtime();
  const [adding, setAdding] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [reconnecting, setReconnecting] = useState<NumberView | null>(null);
  const [deleting, setDeleting] = useState<NumberView | null>(null);

  /** '+ Novo WhatsApp' is checked against the plan before the dialog opens (docs/product/limits.md). */
  const addNumber = async () => {
    const result = usage.data ? usage : await usage.refetch();
    if (!result.data) {
      toast.error(LIMITS_LOOKUP_FAILED);
      return;
    }
    if (!limits.canAddNumber(result.data)) setLimitOpen(true);
    else setChoosing(true);
  };

  const list = numbers.data ?? [];
  const addButton = (
    <Button onClick={() => void addNumber()}>
      <Plus aria-hidden />
      Novo WhatsApp
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="WhatsApp's"
        description="Os números de WhatsApp conectados à sua conta. Conecte um número pelo QR Code ou pela API oficial da Meta e a IA passa a atender seus clientes por ele."
        action={addButton}
      />
      {usage.data ? (
        <p className="mt-3 text-sm text-slate-600">
          Seu plano permite {usage.data.max_instances} {usage.data.max_instances === 1 ? 'número' : 'números'}: você usa{' '}
          {usage.data.qtd_instancias}.
        </p>
      ) : null}

      <div className="mt-6">
        {numbers.isPending ? (
          <NumbersSkeleton />
        ) : numbers.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{LOAD_NUMBERS_FAILED}</Alert>
            <Button variant="secondary" onClick={() => void numbers.refetch()}>
              <RefreshCw aria-hidden />
              Tentar novamente
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState onConnect={() => void addNumber()} />
        ) : (
          <>
            <NumbersTable numbers={list} onReconnect={setReconnecting} onDelete={setDeleting} />
            <NumbersCards numbers={list} onReconnect={setReconnecting} onDelete={setDeleting} />
          </>
        )}
      </div>

      <ConnectChoiceDialog open={choosing} onOpenChange={setChoosing} onQr={() => setAdding(true)} />
      <PhoneEntryDialog open={adding} onOpenChange={setAdding} />
      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} description={LIMIT_TEXT} />
      <ReconnectDialog number={reconnecting} onOpenChange={(open) => !open && setReconnecting(null)} />
      <DeleteNumberDialog number={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}

type RowActions = { onReconnect: (n: NumberView) => void; onDelete: (n: NumberView) => void };

function NameCell({ number }: { number: NumberView }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-slate-900">{instanceDisplayName(number)}</p>
      {number.apelido?.trim() ? <p className="text-sm text-slate-500">{formatPhone(number.phone)}</p> : null}
      <CloudNumberBadges number={number} />
      <CloudMeterLine number={number} />
    </div>
  );
}

function Actions({ number, onReconnect, onDelete }: { number: NumberView } & RowActions) {
  const name = instanceDisplayName(number);
  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      {number.status === 'DESCONECTADO' ? (
        <Button size="sm" variant="secondary" onClick={() => onReconnect(number)} aria-label={`Reconectar ${name}`}>
          <RefreshCw aria-hidden />
          Reconectar
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => onDelete(number)}
        aria-label={`Excluir ${name}`}
      >
        <Trash2 aria-hidden />
        Excluir
      </Button>
    </div>
  );
}

function NumbersTable({ numbers, onReconnect, onDelete }: { numbers: NumberView[] } & RowActions) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Números de WhatsApp</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Nome/Número
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Agente de IA
            </th>
            <th scope="col" className="px-4 py-3">
              Quem a IA atende
            </th>
            <th scope="col" className="px-4 py-3">
              Conectado em
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Ações
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {numbers.map((n) => (
            <tr key={n.id} data-testid="instance-row" className="align-middle">
              <td className="max-w-64 px-4 py-3">
                <NameCell number={n} />
              </td>
              <td className="max-w-56 px-4 py-3">
                <StatusBadge status={n.status} />
                <ConnectionProblem number={n} />
              </td>
              <td className="px-4 py-3">
                <AgentBadge linked={Boolean(n.agente)} agentName={n.agente_nome} />
                <LinkNumberToAgent number={n} />
              </td>
              <td className="px-4 py-3">
                <AudienceSelect number={n} />
                <OneBalloonSwitch number={n} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatConnectedAt(n.connected_at)}</td>
              <td className="px-4 py-3">
                <Actions number={n} onReconnect={onReconnect} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Why the last connection was cut (another phone scanned the QR code), or a problem Meta reported
 * about an official-API number (shown while it is connected too), as the server said it.
 */
function ConnectionProblem({ number }: { number: NumberView }) {
  if (!number.connection_problem || (number.status === 'CONECTADO' && number.provider !== 'cloud')) return null;
  return (
    <p role="status" className="mt-1.5 text-xs leading-snug text-red-700">
      {number.connection_problem}
    </p>
  );
}

/** Phones get one card per number instead of the table (no horizontal scroll at 390 px). */
function NumbersCards({ numbers, onReconnect, onDelete }: { numbers: NumberView[] } & RowActions) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Números de WhatsApp">
      {numbers.map((n) => (
        <li key={n.id} data-testid="instance-card" className="rounded-2xl border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <NameCell number={n} />
            <StatusBadge status={n.status} />
          </div>
          <ConnectionProblem number={n} />
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-slate-500">Agente de IA</dt>
              <dd className="mt-1">
                <AgentBadge linked={Boolean(n.agente)} agentName={n.agente_nome} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Conectado em</dt>
              <dd className="mt-1 text-slate-700">{formatConnectedAt(n.connected_at)}</dd>
            </div>
          </dl>
          <LinkNumberToAgent number={n} />
          <AudienceSelect number={n} className="mt-3" />
          <OneBalloonSwitch number={n} />
          <div className="mt-4 border-t border-slate-100 pt-3">
            <Actions number={n} onReconnect={onReconnect} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ onConnect }: { onConnect: () => void }) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Smartphone className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhuma instância conectada</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Conecte o WhatsApp do seu negócio escaneando um QR Code com o celular, como no WhatsApp Web. Leva cerca de 2
        minutos.
      </p>
      <Button className="mt-6" onClick={onConnect}>
        Conectar WhatsApp
      </Button>
    </section>
  );
}

function NumbersSkeleton() {
  return (
    <div role="status" aria-label="Carregando números" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex animate-pulse items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
          <div className="h-10 w-10 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-40 rounded bg-slate-200" />
            <div className="h-3 w-28 rounded bg-slate-100" />
          </div>
          <div className="hidden h-6 w-24 rounded-full bg-slate-200 sm:block" />
        </div>
      ))}
      <span className="sr-only">Carregando seus números de WhatsApp...</span>
    </div>
  );
}
