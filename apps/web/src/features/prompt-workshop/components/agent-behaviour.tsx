import type { Agent } from '@vendai/contracts';
import { Wallet } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { AgentSlots } from '../lib/agent-slots';
import { ContactDailyLimit } from './contact-daily-limit';
import { FollowUpSettings } from './follow-up-settings';
import { ResponseDelay } from './response-delay';
import { ResumeAfter } from './resume-after';

/**
 * 'Como a IA age' (docs/decisions/065-agent-tabs-hints-and-judge.md): what the AI does besides writing,
 * one card each with a sentence on what it does; every choice saves for this agent only. Two groups:
 * what it does with the customer, and the limits that protect the owner. Approval and follow-ups have
 * ids (#aprovacao, #acompanhamento) the hints link to.
 */
export function AgentBehaviour({ agent, slots }: { agent: Agent; slots: Partial<AgentSlots> }) {
  // A hint's link names a card (#acompanhamento, #aprovacao): bring it into view once, on arrival.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <div className="space-y-8">
      <Group
        title="Com o cliente"
        description="Quando a IA responde, se espera a sua aprovação e como retoma uma conversa parada."
      >
        <div id="aprovacao" className="scroll-mt-6">
          {slots.approval}
        </div>
        <div id="acompanhamento" className="scroll-mt-6">
          <FollowUpSettings agent={agent} />
        </div>
        <ResponseDelay agent={agent} />
        <ResumeAfter agent={agent} />
        {slots.handoff}
      </Group>
      <Group title="Proteções e limites" description="O que a IA nunca faz sozinha e quanto ela pode gastar.">
        {slots.priceGuard}
        <ContactDailyLimit agent={agent} />
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            <Wallet className="size-4 text-brand-700" aria-hidden />
            Limite de gastos extras
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Nos planos pagos, quanto a conta pode gastar com mensagens além das do plano; ao chegar nele a IA pausa.
          </p>
          <Link
            to={paths.pricing.getHref()}
            className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4"
          >
            Ver e mudar em Planos
          </Link>
        </section>
      </Group>
    </div>
  );
}

function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      {/* Two columns of cards of their own heights (CSS columns), one after the other on a phone. */}
      <div className="mt-4 gap-4 lg:columns-2 [&>*]:mb-4 [&>*]:break-inside-avoid">{children}</div>
    </section>
  );
}
