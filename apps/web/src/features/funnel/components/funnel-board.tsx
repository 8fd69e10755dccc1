import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { FunnelCard, FunnelStageDto } from '@vendai/contracts/funnel';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useMoveCard } from '../api/cards';
import { cardName } from '../lib/format';
import type { DragData } from './funnel-card';
import { FunnelCardPreview } from './funnel-card';
import { FunnelColumn } from './funnel-column';
import { columnByColumn, ScrollCue, useScrollEdges } from './scroll-cue';

const INSTRUCTIONS =
  'Para mover um cartão, pressione Espaço ou Enter, use as setas para escolher a etapa e pressione Espaço ou Enter de novo para soltar. Esc cancela.';

/**
 * The columns side by side: the five built-in stages fit at 1280 px; more stages, or a phone, scroll
 * sideways with a visible cue on the side that has more. Cards move by drag or by 'Mover para…'.
 */
export function FunnelBoard({ stages }: { stages: FunnelStageDto[] }) {
  const move = useMoveCard();
  const board = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(board, [stages.length]);
  const [active, setActive] = useState<FunnelCard | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );
  const stageName = (id: unknown) => stages.find((s) => s.id === id)?.name ?? 'fora das etapas';
  const dataOf = (e: { active: { data: { current?: unknown } } }) => e.active.data.current as DragData | undefined;
  const announcements: Announcements = {
    onDragStart: (e) => `Cartão de ${nameOf(dataOf(e))} selecionado, na etapa ${stageName(dataOf(e)?.from)}.`,
    onDragOver: (e) => (e.over ? `Sobre a etapa ${stageName(e.over.id)}.` : 'Fora das etapas.'),
    onDragEnd: (e) =>
      e.over
        ? `Cartão de ${nameOf(dataOf(e))} solto na etapa ${stageName(e.over.id)}.`
        : 'Cartão solto fora das etapas.',
    onDragCancel: (e) => `Movimento cancelado. O cartão de ${nameOf(dataOf(e))} ficou onde estava.`,
  };

  const moveTo = (data: DragData, to: string) => {
    if (data.from === to) return;
    move.mutate(
      { card: data.card, from: data.from, to },
      {
        onSuccess: () => toast.success(`${cardName(data.card)} movido para ${stageName(to)}.`),
        onError: (err) => toast.error(`Não foi possível mover o cartão. ${err.message}`),
      },
    );
  };
  const onDragStart = (e: DragStartEvent) => setActive(dataOf(e)?.card ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const data = dataOf(e);
    if (data && e.over) moveTo(data, String(e.over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <div className="relative -mx-4 sm:-mx-6">
        <div
          ref={board}
          className="flex items-stretch gap-3 overflow-x-auto px-4 pb-4 sm:px-6"
          data-testid="funnel-board"
        >
          {stages.map((stage) => (
            <FunnelColumn key={stage.id} stage={stage} stages={stages} onMove={moveTo} />
          ))}
        </div>
        {edges.left ? <ScrollCue side="left" target={board} label="Ver as etapas anteriores" /> : null}
        {edges.right ? <ScrollCue side="right" target={board} label="Ver as próximas etapas" /> : null}
      </div>
      <DragOverlay dropAnimation={null}>{active ? <FunnelCardPreview card={active} /> : null}</DragOverlay>
    </DndContext>
  );
}

const nameOf = (data: DragData | undefined) => (data ? cardName(data.card) : 'conversa');
