import { type PriceGuardSettings, priceGuardSettingsSchema } from '@vendai/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputClass } from '@/components/ui/input';
import { useAgents } from '@/lib/api/get-agents';
import { usePriceGuard, useSavePriceGuard } from '../api/catalogue';

/**
 * 'Proteção de preços' per agent (decision 025): what the customer gets when the AI's answer had a price
 * outside the catalogue twice, and whether the agent may offer discounts.
 */
export function PriceGuardCard() {
  const agents = useAgents();
  const [picked, setPicked] = useState<string | null>(null);
  const agentId = picked ?? agents.data?.[0]?.id ?? null;
  const settings = usePriceGuard(agentId);
  if (!agents.data?.length || !agentId) return null;
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-5 shrink-0 text-brand-700" /> Proteção de preços
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Se a IA tentar informar um valor que não está no catálogo (nem no treinamento), a resposta não é enviada: o
        cliente recebe a mensagem abaixo e você recebe um aviso.
      </p>
      {agents.data.length > 1 ? (
        <div className="mt-4 max-w-xs">
          <Field id="guard-agent" label="Agente">
            <select id="guard-agent" className={inputClass} value={agentId} onChange={(e) => setPicked(e.target.value)}>
              {agents.data.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.apelido ?? 'Agente'}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      {settings.data ? <GuardForm key={agentId} agentId={agentId} settings={settings.data} /> : null}
    </section>
  );
}

/**
 * The same 'Proteção de preços' for one agent, on the agent's page ('Como a IA age',
 * docs/decisions/065-agent-tabs-hints-and-judge.md).
 */
export function AgentPriceGuard({ agentId }: { agentId: string }) {
  const settings = usePriceGuard(agentId);
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="agent-price-guard"
    >
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-4 shrink-0 text-brand-700" aria-hidden /> Proteção de preços
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Uma resposta com um preço fora do catálogo não é enviada: o cliente recebe a mensagem abaixo e você, um aviso.
      </p>
      {settings.data ? (
        <GuardForm agentId={agentId} settings={settings.data} />
      ) : (
        <div className="mt-4 h-28 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label="Carregando" />
      )}
    </section>
  );
}

function GuardForm({ agentId, settings }: { agentId: string; settings: PriceGuardSettings }) {
  const [fallbackText, setFallbackText] = useState(settings.fallbackText);
  const [allowsDiscounts, setAllowsDiscounts] = useState(settings.allowsDiscounts);
  const [error, setError] = useState('');
  const save = useSavePriceGuard(agentId);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = priceGuardSettingsSchema.safeParse({ fallbackText, allowsDiscounts });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError('');
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Proteção de preços salva.'),
      onError: (err) => setError(err.message),
    });
  }
  return (
    <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
      <Field id="guard-text" label="Mensagem ao cliente" error={error}>
        <Input
          id="guard-text"
          value={fallbackText}
          onChange={(e) => setFallbackText(e.target.value)}
          aria-invalid={Boolean(error)}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={allowsDiscounts}
          onChange={(e) => setAllowsDiscounts(e.target.checked)}
        />
        A IA pode oferecer descontos em qualquer item
      </label>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {save.isPending ? 'Salvando…' : 'Salvar proteção de preços'}
      </Button>
    </form>
  );
}
