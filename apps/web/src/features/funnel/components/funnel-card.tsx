import { useDraggable } from '@dnd-kit/core';
import { formatPhone } from '@vendai/contracts/phone';
import type { FunnelCard, FunnelStageDto } from '@vendai/contracts/funnel';
import { Bot, GripVertical } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { cardName, lastMessageTime } from '../lib/format';
import { MoveMenu } from './move-menu';

/** What a dragged card carries (board.tsx reads it on drop). */
export interface DragData {
  card: FunnelCard;
  from: string;
}

/**
 * A conversation on the board: name, number, last message time and preview; the name opens the chat.
 * The whole card drags with the mouse (or a long press); the grip is the keyboard's handle (Espaço or
 * Enter, then the arrows); 'Mover para…' does the same from a menu.
 */
export function FunnelCardItem({
  card,
  stageId,
  stages,
  onMove,
}: {
  card: FunnelCard;
  stageId: string;
  stages: FunnelStageDto[];
  onMove: (data: DragData, to: string) => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.convId,
    data: { card, from: stageId } satisfies DragData,
  });
  // The keyboard drags from the grip only (Enter on the name's link opens the chat, not a drag).
  const { onKeyDown, ...pointer } = listeners ?? {};
  const keyDown = onKeyDown as React.KeyboardEventHandler | undefined;
  const name = cardName(card);
  return (
    <li
      ref={setNodeRef}
      {...pointer}
      data-testid="funnel-card"
      className={cn('touch-manipulation select-none', isDragging && 'opacity-40')}
    >
      <CardBody card={card} name={name}>
        <button
          type="button"
          {...attributes}
          onKeyDown={keyDown}
          aria-label={`Arrastar ${name}`}
          className="-ml-1 cursor-grab rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <MoveMenu name={name} current={stageId} stages={stages} onMove={(to) => onMove({ card, from: stageId }, to)} />
      </CardBody>
    </li>
  );
}

/** The card as it follows the pointer while dragged. */
export function FunnelCardPreview({ card }: { card: FunnelCard }) {
  return (
    <div className="rotate-2 cursor-grabbing">
      <CardBody card={card} name={cardName(card)} />
    </div>
  );
}

function CardBody({
  card,
  name,
  children,
}: {
  card: FunnelCard;
  name: string;
  children?: [React.ReactNode, React.ReactNode];
}) {
  const phone = card.contactPhone ? formatPhone(card.contactPhone) : null;
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-slate-300">
      <div className="flex items-start gap-1.5">
        {children?.[0]}
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <Link
              to={paths.conversations.getHref(`?conversa=${encodeURIComponent(card.convId)}`)}
              draggable={false}
              className="truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline"
            >
              {name}
            </Link>
            <time dateTime={card.lastMessageAt} className="shrink-0 text-xs text-slate-500">
              {lastMessageTime(card.lastMessageAt)}
            </time>
          </div>
          {phone && phone !== name ? <p className="text-xs text-slate-500">{phone}</p> : null}
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600">
            {card.lastMessagePreview || 'Sem mensagens ainda'}
          </p>
          <div className="mt-2 flex min-h-7 items-center justify-between gap-2">
            {card.movedBy === 'ai' ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                <Bot className="size-3.5" aria-hidden />
                Movido pela IA
              </span>
            ) : (
              <span />
            )}
            {children?.[1]}
          </div>
        </div>
      </div>
    </article>
  );
}
