import type { CurrentUsage, Me, NumberView } from '@vendai/contracts';
import { AlertTriangle, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { limits } from '@/lib/usage';
import { conversationNumberLabel } from '../lib/display-names';

export function isFreePlan(me: Me | null | undefined): boolean {
  const plan = me?.plan;
  return !plan || plan.slug === 'freemium' || /freemium/i.test(plan.name) || plan.priceCents === 0;
}

/** Top banners (docs/product/screens.md#dashboard-inbox): disconnected numbers (live) and the AI message limit (docs/product/limits.md "Overage"). */
export function ConversationBanners({
  numbers,
  usage,
  me,
}: {
  numbers: NumberView[];
  usage: CurrentUsage | undefined;
  me: Me | null | undefined;
}) {
  const disconnected = numbers.filter((n) => n.status === 'DESCONECTADO');
  const limitReached = usage ? limits.aiLimitReached(usage) : false;
  if (!disconnected.length && !limitReached) return null;
  const free = isFreePlan(me);
  return (
    <div className="flex shrink-0 flex-col gap-px">
      {disconnected.length ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          data-testid="disconnected-banner"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">
            {disconnected.length === 1 ? (
              <>
                <strong>
                  {conversationNumberLabel({
                    apelido: disconnected[0]!.apelido,
                    instanceName: disconnected[0]!.instance_name,
                    phone: disconnected[0]!.phone,
                  })}
                </strong>{' '}
                está desconectado: novas mensagens não chegam e a IA não responde.
              </>
            ) : (
              <>
                {disconnected.length} WhatsApps estão desconectados:{' '}
                <strong>
                  {disconnected
                    .map((n) =>
                      conversationNumberLabel({ apelido: n.apelido, instanceName: n.instance_name, phone: n.phone }),
                    )
                    .join(', ')}
                </strong>
                .
              </>
            )}
          </p>
          <Link
            to={paths.numbers.getHref()}
            className="shrink-0 font-semibold text-amber-950 underline underline-offset-4"
          >
            Reconectar
          </Link>
        </div>
      ) : null}
      {limitReached && usage ? (
        free ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800"
            data-testid="ai-limit-banner"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">
              Você atingiu o limite de {usage.max_ai_messages.toLocaleString('pt-BR')} mensagens de IA do plano
              gratuito. A IA parou de responder: faça upgrade para continuar.
            </p>
            <Link
              to={paths.pricing.getHref()}
              className="shrink-0 font-semibold text-red-900 underline underline-offset-4"
            >
              Ver Planos
            </Link>
          </div>
        ) : (
          <div
            role="status"
            className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
            data-testid="ai-limit-banner"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">
              Você atingiu as {usage.max_ai_messages.toLocaleString('pt-BR')} mensagens de IA do seu plano. A IA
              continua respondendo, e a partir de agora cada mensagem respondida pela IA custa US$ 0,01.
            </p>
          </div>
        )
      ) : null}
    </div>
  );
}
