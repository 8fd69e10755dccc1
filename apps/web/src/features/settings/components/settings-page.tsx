import type { OwnerAlertDto } from '@vendai/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useBusinessSettings } from '@/lib/api/business-facts';
import { useOwnerAlerts, useSettings } from '../api/settings';
import { BusinessFactsForm } from './business-facts-form';
import { MovedTexts } from './moved-texts';
import { BusinessSettingsForm } from './business-settings-form';
import { AlertSettingsForm } from './alert-settings-form';
import { EvolutionApiNotice } from './evolution-api-notice';

const KIND_LABEL: Record<OwnerAlertDto['kind'], string> = {
  handoff: 'Pediu uma pessoa',
  needs_owner: 'IA precisou de você',
  hot_lead: 'Pronto para comprar',
  spend_ceiling: 'IA pausada: limite de gastos',
  follow_ups_paused: 'Acompanhamentos pausados',
  pix_paid: 'Pix recebido',
  approval: 'Sugestão da IA para aprovar',
  pix_confirm: 'Pedido para confirmar',
  delivery_failed: 'Mensagens não entregues',
};
const STATUS: Record<OwnerAlertDto['status'], { label: string; className: string }> = {
  sent: { label: 'Enviado', className: 'bg-emerald-50 text-emerald-800' },
  failed: { label: 'Falhou', className: 'bg-red-50 text-red-800' },
  pending: { label: 'Enviando', className: 'bg-slate-100 text-slate-700' },
};
const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * /settings ('Configurações'): the owner's personal WhatsApp, the alerts, the business's clock, every
 * alert sent, sections other features add (`children`: the owner's data), and the Evolution API notice
 * its licence asks for.
 */
export function SettingsPage({ children }: { children?: ReactNode }) {
  const settings = useSettings();
  const alerts = useOwnerAlerts();
  const business = useBusinessSettings();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Configurações"
        description="Receba no seu WhatsApp pessoal um aviso quando um cliente precisar de você."
      />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="mb-4 font-semibold text-slate-900">Avisos no seu WhatsApp</h2>
          {settings.data ? <AlertSettingsForm settings={settings.data} /> : <Spinner label="Carregando..." />}
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 className="mb-4 font-semibold text-slate-900">Horário da empresa</h2>
          {business.data ? <BusinessSettingsForm settings={business.data} /> : <Spinner label="Carregando..." />}
        </section>
        <section
          id="dados-do-negocio"
          aria-labelledby="dados-do-negocio-title"
          className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
        >
          <h2 id="dados-do-negocio-title" className="font-semibold text-slate-900">
            Dados do negócio
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            Escreva uma vez aqui: a IA recebe estes dados e o horário acima em toda resposta, e o treinamento e o
            Conhecimento mostram os mesmos.
          </p>
          {business.data ? (
            <>
              <BusinessFactsForm key={business.data.timeZone} settings={business.data} />
              <MovedTexts texts={business.data.movedTexts} />
            </>
          ) : (
            <Spinner label="Carregando..." />
          )}
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2">
          <h2 className="font-semibold text-slate-900">Avisos enviados</h2>
          {alerts.data && alerts.data.items.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">Nenhum aviso ainda.</p>
          ) : null}
          <ul className="mt-3 divide-y divide-slate-100" data-testid="alert-list">
            {alerts.data?.items.map((a) => (
              <li key={a.id} className="py-3">
                <div className="flex items-center justify-between gap-3">
                  <Link
                    to={paths.conversations.getHref(`?conversa=${encodeURIComponent(a.convId)}`)}
                    className="min-w-0 truncate text-sm font-semibold text-brand-800 hover:underline"
                  >
                    {a.contactName ?? 'Cliente'} · {KIND_LABEL[a.kind]}
                  </Link>
                  <span className={cn('shrink-0 rounded px-1.5 py-px text-xs font-medium', STATUS[a.status].className)}>
                    {STATUS[a.status].label}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-slate-500">{when.format(new Date(a.createdAt))}</p>
                {a.error ? <p className="mt-1 text-xs text-red-700">{a.error}</p> : null}
              </li>
            ))}
          </ul>
        </section>
        {children}
      </div>
      <EvolutionApiNotice />
    </div>
  );
}
