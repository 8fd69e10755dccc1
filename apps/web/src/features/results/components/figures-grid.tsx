import type { Results } from '@vendai/contracts/results';
import { formatCount, formatDuration, formatShare } from '../lib/format';
import { FigureCard } from './figure-card';

/** The three figures the owner opens the page for: speed, what the AI handled alone, the closed-shop answers. */
export function Highlights({ results }: { results: Results }) {
  const { current: c, previous: p } = results;
  const share = (f: Results['current']) =>
    f.answeredConversations ? f.aiOnlyConversations / f.answeredConversations : 0;
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <ResponseCard
        large
        label="Tempo da 1ª resposta da IA"
        results={results}
        who="ai"
        none="A IA ainda não respondeu neste período."
      />
      <FigureCard
        large
        label="Conversas atendidas só pela IA"
        value={formatShare(c.aiOnlyConversations, c.answeredConversations)}
        hint={`${formatCount(c.aiOnlyConversations)} de ${formatCount(c.answeredConversations)} conversas respondidas, sem você precisar entrar.`}
        current={Math.round(share(c) * 100)}
        previous={Math.round(share(p) * 100)}
        previousText={formatShare(p.aiOnlyConversations, p.answeredConversations)}
      />
      <FigureCard
        large
        label="Respostas fora do horário"
        value={formatCount(c.outsideHoursAnswers)}
        hint={`Respostas da IA à noite, de madrugada e no fim de semana (${results.businessHours}).`}
        current={c.outsideHoursAnswers}
        previous={p.outsideHoursAnswers}
        previousText={formatCount(p.outsideHoursAnswers)}
      />
    </div>
  );
}

/** Every other figure, each beside the previous period's. */
export function FiguresGrid({ results }: { results: Results }) {
  const { current: c, previous: p } = results;
  const count = (
    label: string,
    key: keyof Results['current'] & string,
    better: 'higher' | 'lower' | 'neither' = 'neither',
  ) => {
    const cur = c[key] as number;
    const prev = p[key] as number;
    return (
      <FigureCard
        key={key}
        label={label}
        value={formatCount(cur)}
        current={cur}
        previous={prev}
        previousText={formatCount(prev)}
        better={better}
      />
    );
  };
  return (
    // Twelve figures: three rows of four at desktop width, six rows of two below (no card alone on a row).
    <div data-testid="figures-grid" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {count('Conversas iniciadas', 'conversationsStarted', 'higher')}
      {count('Clientes que escreveram', 'customers', 'higher')}
      {count('Mensagens recebidas', 'messagesIn', 'higher')}
      {count('Mensagens enviadas', 'messagesOut')}
      {count('Respostas da IA', 'aiAnswers', 'higher')}
      <ResponseCard
        label="Sua 1ª resposta"
        results={results}
        who="owner"
        none="Você não precisou responder primeiro."
      />
      <FigureCard
        label="A IA passou para você"
        value={formatCount(c.aiHandoffs.total)}
        hint={`Cliente quis uma pessoa: ${formatCount(c.aiHandoffs.toPerson)}. A IA precisou de você: ${formatCount(c.aiHandoffs.needsOwner)}. Contados pelos seus alertas.`}
        current={c.aiHandoffs.total}
        previous={p.aiHandoffs.total}
        previousText={formatCount(p.aiHandoffs.total)}
        better="neither"
      />
      <FigureCard
        label="Você assumiu da IA"
        value={formatCount(c.handovers.total)}
        hint={`${formatCount(c.handovers.inbox)} pelo VendAI, ${formatCount(c.handovers.phone)} pelo celular.`}
        current={c.handovers.total}
        previous={p.handovers.total}
        previousText={formatCount(p.handovers.total)}
        better="neither"
      />
      {count('Pediram para sair', 'optOuts', 'lower')}
      {count('Envios com falha', 'failedSends', 'lower')}
      <FigureCard
        label="Acompanhamentos enviados"
        value={formatCount(c.followUps.sent)}
        hint={`${formatCount(c.followUps.replied)} clientes responderam depois de um; ${formatCount(c.followUps.recovered)} conversas recuperadas.`}
        current={c.followUps.recovered}
        previous={p.followUps.recovered}
        previousText={`${formatCount(p.followUps.recovered)} recuperadas`}
      />
      <FigureCard
        label="Recebido por Pix"
        value={brl(c.sales.revenueCents)}
        hint={`${formatCount(c.sales.paidOrders)} de ${formatCount(c.sales.orders)} pedidos pagos. Conversão: ${conversion(c)} das conversas viraram pedido pago.`}
        current={c.sales.revenueCents}
        previous={p.sales.revenueCents}
        previousText={brl(p.sales.revenueCents)}
      />
    </div>
  );
}

/** R$ 1.234,56. */
const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');

/** Conversations → paid orders, as '12,5%' ('—' without customers). */
function conversion(f: Results['current']): string {
  if (f.customers === 0) return '—';
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format((100 * f.sales.paidConversations) / f.customers)}%`;
}

/** A first-response time (median, with the 90th percentile in the hint) for the AI or the owner. */
function ResponseCard(props: { label: string; results: Results; who: 'ai' | 'owner'; none: string; large?: boolean }) {
  const now = props.results.current.firstResponse[props.who];
  const before = props.results.previous.firstResponse[props.who];
  return (
    <FigureCard
      large={props.large}
      label={props.label}
      value={formatDuration(now.p50)}
      hint={now.count ? `Mediana; 9 em cada 10 em até ${formatDuration(now.p90)}.` : props.none}
      current={now.p50 ?? 0}
      previous={before.p50 ?? 0}
      previousText={formatDuration(before.p50)}
      better="lower"
    />
  );
}
