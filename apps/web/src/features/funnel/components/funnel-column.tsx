import { useDroppable } from '@dnd-kit/core';
import type { FunnelStageDto } from '@vendai/contracts/funnel';
import { Inbox } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useColumnCards } from '../api/cards';
import { type DragData, FunnelCardItem } from './funnel-card';

const count = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'conversa' : 'conversas'}`;

/** One stage: its name and count, its cards a page at a time ('Ver mais'), a drop target. */
export function FunnelColumn({
  stage,
  stages,
  onMove,
}: {
  stage: FunnelStageDto;
  stages: FunnelStageDto[];
  onMove: (data: DragData, to: string) => void;
}) {
  const cards = useColumnCards(stage.id);
  const { setNodeRef, isOver } = useDroppable({ id: stage.id });
  const items = cards.data?.pages.flatMap((p) => p.items) ?? [];
  const headingId = `funnel-stage-${stage.id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage-kind={stage.kind}
      className={cn(
        'flex w-[min(18rem,82vw)] shrink-0 flex-col rounded-2xl lg:w-auto lg:max-w-80 lg:min-w-44 lg:flex-1 border border-transparent bg-slate-100 p-2 transition-colors',
        isOver && 'border-brand-600 bg-brand-50',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-1.5 pt-1 pb-2">
        <h2 id={headingId} className="truncate text-sm font-semibold text-slate-900">
          {stage.name}
        </h2>
        <span
          className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 shadow-sm"
          aria-label={count(stage.count)}
          title={count(stage.count)}
        >
          {stage.count.toLocaleString('pt-BR')}
        </span>
      </header>
      {cards.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Spinner label="Carregando..." className="size-4" />
          {[0, 1].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-xl bg-white/70" />
          ))}
        </div>
      ) : cards.isError ? (
        <div className="rounded-xl bg-white p-3 text-sm text-red-700" role="alert">
          Não foi possível carregar esta etapa.{' '}
          <Button variant="link" size="sm" className="h-auto" onClick={() => void cards.refetch()}>
            Tentar de novo
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-600">
          <Inbox className="size-5 text-slate-400" aria-hidden />
          Nenhuma conversa nesta etapa.
          <span className="text-xs text-slate-600">Arraste um cartão para cá.</span>
        </div>
      ) : (
        <ul className="space-y-2">
          {items.map((card) => (
            <FunnelCardItem key={card.convId} card={card} stageId={stage.id} stages={stages} onMove={onMove} />
          ))}
        </ul>
      )}
      {cards.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          disabled={cards.isFetchingNextPage}
          onClick={() => void cards.fetchNextPage()}
        >
          {cards.isFetchingNextPage ? 'Carregando...' : 'Ver mais'}
        </Button>
      ) : null}
    </section>
  );
}
