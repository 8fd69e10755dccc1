import { agentDisplayName, type AgentSummary, type NumberView } from '@vendai/contracts';
import { Bot, CheckCircle2, Link2, MessagesSquare, Smartphone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkSelect } from '@/components/agent-link/link-select';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { conversationNumberLabel } from '../lib/display-names';

export interface FirstRunProgress {
  numberConnected: boolean;
  agentTrained: boolean;
  agentLinked: boolean;
  customerMessage: boolean;
}

/** Real progress of a new owner (docs/decisions/013-first-run-auto-link.md): number connected, agent trained, agent linked, first customer message. */
export function firstRunProgress(
  numbers: NumberView[],
  agents: AgentSummary[],
  hasConversation: boolean,
): FirstRunProgress {
  return {
    numberConnected: numbers.some((n) => n.status === 'CONECTADO'),
    agentTrained: agents.length > 0,
    agentLinked: numbers.some((n) => n.agente !== null),
    customerMessage: hasConversation,
  };
}

export const firstRunDone = (p: FirstRunProgress) =>
  p.numberConnected && p.agentTrained && p.agentLinked && p.customerMessage;

const numberLabel = (n: NumberView) =>
  conversationNumberLabel({ apelido: n.apelido, instanceName: n.instance_name, phone: n.phone });

/**
 * 'Primeiros passos' on /dashboard: the four steps to the first AI answer, each ticked from real data,
 * with the next action; hidden by the caller once all are done.
 */
export function GettingStarted({
  numbers,
  agents,
  progress,
  simulator,
  compact = false,
}: {
  numbers: NumberView[];
  agents: AgentSummary[];
  progress: FirstRunProgress;
  simulator: boolean;
  compact?: boolean;
}) {
  const firstAgent = agents[0];
  const steps: { key: string; icon: LucideIcon; title: string; done: boolean; text: string; action: ReactNode }[] = [
    {
      key: 'number',
      icon: Smartphone,
      title: 'Conecte seu WhatsApp',
      done: progress.numberConnected,
      text: simulator
        ? 'Escaneie o QR code com o celular do negócio. Sem celular à mão? Este servidor tem o simulador de WhatsApp.'
        : 'Escaneie o QR code com o celular do negócio, como no WhatsApp Web.',
      action: (
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.numbers.getHref()}>Conectar WhatsApp</Link>
        </Button>
      ),
    },
    {
      key: 'agent',
      icon: Bot,
      title: 'Treine sua IA',
      done: progress.agentTrained,
      text: 'Responda 7 perguntas sobre o seu negócio, e mais algumas que a IA faz. Ela escreve o próprio roteiro de vendas.',
      action: (
        <Button asChild size="sm">
          <Link to={paths.onboarding.trainAi.getHref()}>Treinar minha IA</Link>
        </Button>
      ),
    },
    {
      key: 'link',
      icon: Link2,
      title: 'Ligue o agente ao número',
      done: progress.agentLinked,
      text: 'Com um número e um agente, a ligação é feita sozinha. Com mais de um, escolha qual agente responde em cada número.',
      action:
        numbers.length && firstAgent ? (
          <LinkSelect
            size="sm"
            label={`Número para o agente ${agentDisplayName(firstAgent)}`}
            options={numbers.map((n) => ({ value: n.id, label: numberLabel(n) }))}
            toPair={(numberId) => ({ numberId, agentId: firstAgent.id })}
          />
        ) : null,
    },
    {
      key: 'message',
      icon: MessagesSquare,
      title: 'Receba a primeira mensagem',
      done: progress.customerMessage,
      text: simulator
        ? 'Mande uma mensagem como se fosse um cliente, pelo simulador, e veja a IA responder aqui.'
        : 'Peça para alguém mandar uma mensagem para o seu WhatsApp e veja a IA responder aqui.',
      action: simulator ? (
        <Button asChild variant="secondary" size="sm">
          <a href={paths.simulator.getHref()} target="_blank" rel="noopener">
            Abrir o simulador
          </a>
        </Button>
      ) : null,
    },
  ];
  const next = steps.find((s) => !s.done)?.key;
  const doneCount = steps.filter((s) => s.done).length;

  return (
    <section
      aria-labelledby="primeiros-passos"
      className={cn('rounded-2xl border border-slate-200 bg-white', compact ? 'p-4' : 'p-6 sm:p-8')}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="primeiros-passos" className="text-lg font-semibold text-slate-900">
          Primeiros passos
        </h2>
        <p className="text-sm text-slate-600">
          {doneCount} de {steps.length} concluídos
        </p>
      </div>
      <ol className={cn('mt-4 grid gap-3', compact ? 'md:grid-cols-2 xl:grid-cols-4' : 'md:grid-cols-2')}>
        {steps.map(({ key, icon: Icon, title, done, text, action }, i) => (
          <li
            key={key}
            data-step={key}
            data-done={done}
            className={cn(
              'flex flex-col rounded-xl border',
              // A done step is only its title: it keeps its own height instead of stretching to the row's.
              done ? 'self-start border-brand-200 bg-brand-50/50 px-4 py-3' : 'p-4',
              !done && (key === next ? 'border-brand-300' : 'border-slate-200'),
            )}
          >
            <div className="flex items-center gap-3">
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-full',
                  done ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <CheckCircle2 className="size-5" aria-hidden /> : <Icon className="size-5" aria-hidden />}
              </span>
              <h3 className="font-semibold text-slate-900">
                {i + 1}. {title}
                <span className="sr-only">{done ? ' (concluído)' : ' (a fazer)'}</span>
              </h3>
            </div>
            {done ? null : (
              <>
                <p className="mt-2 flex-1 text-sm text-slate-600">{text}</p>
                {key === next && action ? <div className="mt-3">{action}</div> : null}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
