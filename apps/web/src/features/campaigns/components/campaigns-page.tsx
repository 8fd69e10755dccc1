import { CAMPAIGN_STATUS_LABELS, type CampaignDto } from '@vendai/contracts';
import { Megaphone, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useNumbers } from '@/lib/api/get-numbers';
import { cn } from '@/lib/cn';
import { useCampaignAction, useCampaigns, useImportConsents } from '../api/campaigns';
import { brl } from '../lib/format';
import { CampaignBuilder } from './campaign-builder';
import { categoryLabel } from './template-editor';

/**
 * 'Campanhas' (/campanhas, docs/decisions/072-campaigns.md): the owner's campaigns with their results, the
 * guided builder, and the import of a contact list whose consent the owner declares.
 */
export function CampaignsPage() {
  const campaigns = useCampaigns();
  const numbers = useNumbers();
  const connected = (numbers.data ?? []).filter((n) => n.status === 'CONECTADO');
  const [building, setBuilding] = useState(false);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader
        title="Campanhas"
        description="Traga de volta quem já comprou: uma mensagem só para quem aceitou receber, no ritmo seguro do seu WhatsApp, com o custo antes de enviar. Quem responder é atendido pela IA como qualquer cliente."
        action={
          !building && connected.length ? (
            <Button onClick={() => setBuilding(true)}>
              <Plus aria-hidden />
              Nova campanha
            </Button>
          ) : null
        }
      />
      {numbers.data && connected.length === 0 ? (
        <Alert tone="warning">Conecte um WhatsApp para criar campanhas.</Alert>
      ) : null}
      {building && connected.length ? <CampaignBuilder numbers={connected} onDone={() => setBuilding(false)} /> : null}
      {campaigns.isPending ? (
        <Spinner label="Carregando campanhas..." />
      ) : campaigns.isError ? (
        <Alert tone="error">Não foi possível carregar as campanhas. {campaigns.error.message}</Alert>
      ) : campaigns.data.length === 0 ? (
        !building ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center">
            <Megaphone className="mx-auto size-8 text-slate-400" aria-hidden />
            <p className="mt-2 font-medium text-slate-900">Nenhuma campanha ainda</p>
            <p className="text-sm text-slate-600">
              Comece por uma reativação: clientes que compraram e não falam com você há algum tempo.
            </p>
          </div>
        ) : null
      ) : (
        <ul className="space-y-4" aria-label="Campanhas">
          {campaigns.data.map((c) => (
            <CampaignCard key={c.id} c={c} />
          ))}
        </ul>
      )}
      <ImportConsents />
    </div>
  );
}

const money = (cents: number) => brl(cents / 100);

function CampaignCard({ c }: { c: CampaignDto }) {
  const act = useCampaignAction();
  const r = c.results;
  const figures: [string, string][] = [
    ['Enviadas', `${r.sent} de ${r.audience}`],
    ['Entregues', String(r.delivered)],
    ['Lidas', String(r.read)],
    ['Responderam', String(r.replied)],
    ['Pediram para sair', String(r.optedOut)],
    // Bookings in the agenda after the message: shown once someone booked (decision 075).
    ...(r.booked > 0 ? [['Agendamentos', String(r.booked)] as [string, string]] : []),
    ['Pedidos', String(r.orders)],
    ['Receita paga', money(r.paidRevenueCents)],
    ['Custo na Meta', c.track === 'cloud' ? brl(r.costBrl) : 'R$ 0,00'],
  ];
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="campaign-card">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{c.name}</h2>
          <p className="text-sm text-slate-600">
            {c.numberLabel} · {c.track === 'cloud' ? 'API oficial' : 'QR Code'}
            {c.recurrence === 'monthly' ? ' · todo mês' : ''} ·{' '}
            {new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
              new Date(c.scheduledAt),
            )}
          </p>
        </div>
        <span
          className={cn(
            'self-start rounded-full px-2.5 py-0.5 text-xs font-medium',
            c.status === 'sending'
              ? 'bg-brand-50 text-brand-800'
              : c.status === 'paused'
                ? 'bg-amber-100 text-amber-900'
                : c.status === 'done'
                  ? 'bg-emerald-50 text-emerald-800'
                  : 'bg-slate-100 text-slate-700',
          )}
          data-testid="campaign-status"
        >
          {CAMPAIGN_STATUS_LABELS[c.status]}
        </span>
      </div>
      {c.template?.status ? <TemplateLine template={c.template} /> : null}
      {c.status === 'paused' ? (
        // Why it stopped: by itself (the number's quality, blocks rising, the template; decision 078) or by hand.
        <div className="mt-3" data-testid="campaign-paused-reason">
          <Alert tone="warning">{c.pausedReason ?? 'Pausada por você. Nenhuma mensagem sai até você retomar.'}</Alert>
        </div>
      ) : c.pausedReason ? (
        <Alert tone="warning" className="mt-3">
          {c.pausedReason}
        </Alert>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900" data-testid={`campaign-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {r.skipped + r.failed > 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          {r.skipped} não enviadas pelas regras (consentimento, saída, limite semanal ou da Meta) · {r.failed} com
          falha.
        </p>
      ) : null}
      {c.status !== 'done' && c.status !== 'cancelled' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {c.status === 'paused' ? (
            <Button size="sm" onClick={() => act.mutate({ id: c.id, action: 'resume' })}>
              Retomar
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => act.mutate({ id: c.id, action: 'pause' })}>
              Pausar
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => act.mutate({ id: c.id, action: 'cancel' })}>
            Cancelar campanha
          </Button>
        </div>
      ) : null}
      {act.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {act.error.message}
        </p>
      ) : null}
    </li>
  );
}

/** The Cloud campaign's template as Meta holds it: its status, a category Meta changed, why it was refused. */
function TemplateLine({ template: t }: { template: NonNullable<CampaignDto['template']> }) {
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="campaign-template">
      Modelo <span className="font-mono text-xs">{t.name}</span>: {t.statusLabel}
      {t.previousCategory && t.category && t.previousCategory !== t.category
        ? ` · a Meta mudou a categoria de ${categoryLabel(t.previousCategory)} para ${categoryLabel(t.category)}`
        : ''}
      {t.reasonText ? ` · ${t.reasonText}` : ''}
    </p>
  );
}

/** A contact list with consent the owner declares (CSV: nome;telefone); each bad line reported, nothing lost. */
function ImportConsents() {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [declared, setDeclared] = useState(false);
  const imp = useImportConsents();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Importar contatos com consentimento
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cole uma lista com nome e telefone (uma pessoa por linha, separados por ; ou ,). Só importe quem aceitou receber
        suas campanhas.
      </p>
      <form
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          imp.mutate(csv);
        }}
      >
        <label htmlFor={`${id}-csv`} className="sr-only">
          Lista de contatos
        </label>
        <textarea
          id={`${id}-csv`}
          className={cn(inputClass, 'h-28 py-2 font-mono text-sm')}
          placeholder={'nome;telefone\nAna Souza;(11) 98765-4321'}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
        />
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-1" checked={declared} onChange={(e) => setDeclared(e.target.checked)} />
          Declaro que estes contatos aceitaram receber campanhas deste negócio.
        </label>
        <Button type="submit" variant="secondary" disabled={!declared || !csv.trim() || imp.isPending}>
          Importar
        </Button>
      </form>
      {imp.error ? (
        <Alert tone="error" className="mt-3">
          {imp.error.message}
        </Alert>
      ) : null}
      {imp.data ? (
        <div className="mt-3 space-y-2">
          <Alert tone="success">{imp.data.imported} contatos importados com consentimento.</Alert>
          {imp.data.errors.length ? (
            <Alert tone="warning">
              <p>{imp.data.errors.length} linhas não importadas (corrija e cole de novo):</p>
              <ul className="mt-1 list-disc pl-4">
                {imp.data.errors.map((e) => (
                  <li key={e.line}>
                    Linha {e.line} ({e.text}): {e.error}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
