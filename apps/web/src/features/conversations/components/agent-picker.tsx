import { agentDisplayName, type NumberView } from '@vendai/contracts';
import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAgents } from '@/lib/api/get-agents';
import { useLinkNumberAgent } from '@/lib/api/link-number-agent';
import { conversationNumberLabel } from '../lib/display-names';

export const CONNECT_NUMBER_FIRST = 'Por favor, conecte um WhatsApp primeiro para ativar o agente.';
export const LINK_AGENT_FAILED = 'Erro ao conectar agente. Tente novamente.';
const UNEXPECTED = 'Erro inesperado. Tente novamente.';
/** Radix Select needs a non-empty value for every item. */
const DISABLE = '__desativar__';

const numberLabel = (n: NumberView) =>
  conversationNumberLabel({ apelido: n.apelido, instanceName: n.instance_name, phone: n.phone });

/**
 * The number→agent picker (docs/product/rules.md#states-and-transitions): choosing an agent links it to the number; 'Desativar Agente'
 * unlinks it (null), so the AI stops answering on that number. With several numbers the owner picks
 * the number first (the open conversation's number by default).
 */
export function AgentPicker({
  numbers,
  preferredNumberId,
}: {
  numbers: NumberView[];
  preferredNumberId?: string | null;
}) {
  const agents = useAgents();
  const link = useLinkNumberAgent();
  const [numberId, setNumberId] = useState<string | null>(preferredNumberId ?? numbers[0]?.id ?? null);
  useEffect(() => {
    if (preferredNumberId) setNumberId(preferredNumberId);
  }, [preferredNumberId]);
  const number = numbers.find((n) => n.id === numberId) ?? numbers[0] ?? null;

  if (agents.isSuccess && agents.data.length === 0) {
    return (
      <Link
        to={paths.onboarding.trainAi.getHref()}
        className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Treinar um agente de IA
      </Link>
    );
  }

  const onAgent = (value: string) => {
    if (!number) {
      toast.error(CONNECT_NUMBER_FIRST);
      return;
    }
    const agente = value === DISABLE ? null : value;
    if (agente === number.agente) return;
    link.mutate(
      { numberId: number.id, agentId: agente },
      {
        onSuccess: () =>
          toast.success(
            agente
              ? 'Agente conectado ao WhatsApp.'
              : 'Agente desativado neste WhatsApp. A IA não responderá automaticamente.',
          ),
        onError: (err) => toast.error(err instanceof ApiError ? LINK_AGENT_FAILED : UNEXPECTED),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {numbers.length > 1 ? (
        <Picker
          label="WhatsApp"
          value={number?.id ?? ''}
          onValueChange={setNumberId}
          placeholder="Escolha o WhatsApp"
          className="w-44"
        >
          {numbers.map((n) => (
            <Item key={n.id} value={n.id}>
              {numberLabel(n)}
            </Item>
          ))}
        </Picker>
      ) : null}
      <Picker
        label={numbers.length === 1 && number ? `Agente de IA (${numberLabel(number)})` : 'Agente de IA'}
        visibleLabel="Agente"
        value={number?.agente ?? ''}
        onValueChange={onAgent}
        placeholder={number ? 'Nenhum agente' : 'Escolher agente'}
        disabled={agents.isPending || link.isPending}
        className="w-48"
      >
        {(agents.data ?? []).map((a) => (
          <Item key={a.id} value={a.id}>
            {agentDisplayName(a)}
          </Item>
        ))}
        <Select.Separator className="my-1 h-px bg-slate-200" />
        <Item value={DISABLE} tone="danger">
          Desativar Agente
        </Item>
      </Picker>
    </div>
  );
}

function Picker({
  label,
  visibleLabel,
  value,
  onValueChange,
  placeholder,
  disabled,
  className,
  children,
}: {
  label: string;
  visibleLabel?: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Select.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <span className="inline-flex items-center gap-1.5 text-sm">
        {visibleLabel ? (
          <span className="font-medium text-slate-600" aria-hidden>
            {visibleLabel}:
          </span>
        ) : null}
        <Select.Trigger
          aria-label={label}
          className={cn(
            'inline-flex h-9 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm hover:bg-slate-50 disabled:opacity-60 data-[placeholder]:text-slate-600',
            className,
          )}
        >
          <span className="truncate">
            <Select.Value placeholder={placeholder} />
          </span>
          <Select.Icon>
            <ChevronDown className="size-4 text-slate-500" aria-hidden />
          </Select.Icon>
        </Select.Trigger>
      </span>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Select.Viewport>{children}</Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}

function Item({ value, children, tone }: { value: string; children: ReactNode; tone?: 'danger' }) {
  return (
    <Select.Item
      value={value}
      className={cn(
        'relative flex cursor-pointer items-center rounded-md py-2 pr-3 pl-8 text-sm outline-none select-none data-[highlighted]:bg-slate-100',
        tone === 'danger' ? 'text-red-700' : 'text-slate-900',
      )}
    >
      <Select.ItemIndicator className="absolute left-2 inline-flex">
        <Check className="size-4" aria-hidden />
      </Select.ItemIndicator>
      <Select.ItemText>{children}</Select.ItemText>
    </Select.Item>
  );
}
