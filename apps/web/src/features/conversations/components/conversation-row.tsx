import type { ConversationDto } from '@vendai/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { conversationSearch } from '../hooks/use-selected-conversation';
import { resumeLabel } from '../lib/resume-label';
import { chatDateLabel, fullDateTime } from '../lib/date-label';
import { contactDisplayName, conversationNumberLabel, unreadBadge } from '../lib/display-names';
import { ContactAvatar } from './contact-avatar';
import { GROUP_TOOLTIP } from './group-badge';

/** One conversation in the list (docs/product/screens.md#dashboard-inbox). */
export function ConversationRow({
  conversation: c,
  isSelected,
  now,
  mark,
}: {
  conversation: ConversationDto;
  isSelected: boolean;
  now: Date;
  /** Another feature's mark (e.g. a suggestion waiting for approval). */
  mark?: ReactNode;
}) {
  const name = contactDisplayName(c);
  const badge = unreadBadge(c.unreadCount);
  const isGroup = c.type === 'group';
  return (
    <li>
      <Link
        to={paths.conversations.getHref(conversationSearch(c.id))}
        aria-current={isSelected ? 'true' : undefined}
        data-testid="conversation-row"
        className={cn(
          'flex gap-3 border-b border-slate-100 px-3 py-3 transition-colors outline-offset-[-2px] hover:bg-slate-50',
          isSelected && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <ContactAvatar convId={c.id} name={name} isGroup={isGroup} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span
              className={cn('min-w-0 flex-1 truncate text-sm text-slate-900', badge ? 'font-bold' : 'font-semibold')}
            >
              {name}
            </span>
            <time
              dateTime={c.lastMessage}
              title={fullDateTime(c.lastMessage)}
              className={cn('shrink-0 text-xs', badge ? 'font-semibold text-brand-700' : 'text-slate-600')}
            >
              {chatDateLabel(c.lastMessage, now)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-sm', badge ? 'text-slate-800' : 'text-slate-600')}>
              {c.lastMessagePreview || 'Sem mensagens'}
            </span>
            {badge ? (
              <span
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-[11px] font-bold text-white"
                data-testid="unread-badge"
              >
                <span className="sr-only">Não lidas: </span>
                {badge}
              </span>
            ) : null}
          </span>
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-slate-600">
            <span className="truncate" data-testid="conversation-number">
              {conversationNumberLabel(c.number)}
            </span>
            {isGroup ? (
              <span
                title={GROUP_TOOLTIP}
                className="shrink-0 rounded bg-slate-100 px-1.5 py-px font-medium text-slate-700"
              >
                Grupo<span className="sr-only"> ({GROUP_TOOLTIP})</span>
              </span>
            ) : c.optedOut ? (
              <span
                className="shrink-0 rounded bg-red-50 px-1.5 py-px font-medium text-red-800"
                data-testid="opt-out-marker"
              >
                Pediu para sair
              </span>
            ) : !c.agenteAtivo ? (
              <span className="shrink-0 rounded bg-amber-50 px-1.5 py-px font-medium text-amber-800">
                {resumeLabel(c.aiResumesAt, now.getTime()) || 'Manual'}
              </span>
            ) : null}
            {mark}
          </span>
        </span>
      </Link>
    </li>
  );
}
