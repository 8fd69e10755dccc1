import type { MessageDto } from '@vendai/contracts';
import { AlertCircle, Ban, Bot, Check, CheckCheck, Clock, Smartphone, UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';
import { fullDateTime, timeOfDay } from '../lib/date-label';
import { AiFailureNotice } from './ai-failure-notice';
import { MediaInsight } from './media-insight';
import { MessageBody } from './message-body';
import { useIsAttendant, usePersonName, useSenderName } from './sender-names';
import { AddToTestsButton } from '@/components/agent-tests/add-to-tests-button';

const AUTHOR = {
  contact: null,
  ai: { label: 'IA', icon: Bot, className: 'text-brand-800' },
  owner_app: { label: 'Você', icon: UserRound, className: 'text-sky-800' },
  owner_phone: { label: 'Você (pelo celular)', icon: Smartphone, className: 'text-sky-800' },
} as const;

const STATUS = {
  pending: { label: 'Enviando...', icon: Clock, className: 'text-slate-600' },
  sent: { label: 'Enviada', icon: Check, className: 'text-slate-600' },
  delivered: { label: 'Entregue', icon: CheckCheck, className: 'text-slate-600' },
  read: { label: 'Lida', icon: CheckCheck, className: 'text-sky-700' },
  failed: { label: 'Não enviada', icon: AlertCircle, className: 'text-red-700' },
  received: null,
} as const;

export const DELETED_LABEL = 'Mensagem apagada';
export const EDITED_LABEL = 'editada';

/** What sent our message (its audit record, decision 046); the owner's own sends and alerts need no label. */
export const ORIGIN_LABEL: Partial<Record<NonNullable<MessageDto['origin']>, string>> = {
  ai_reply: 'Enviada pela IA',
  draft: 'Aprovada por você',
  ai_touch: 'Acompanhamento',
  scheduled: 'Agendada',
  template: 'Modelo da Meta',
  pix: 'Pix',
  handoff_answer: 'Passou para atendimento',
};

/** One message: the customer's on the left; the AI's and the owner's on the right, marked by author. */
export function MessageBubble({ message }: { message: MessageDto }) {
  // With a team, who typed it in the inbox (decision 044).
  const sender = useSenderName(message.author === 'owner_app' ? message.sentByUserId : null);
  // An approved draft: who edited it and who sent it (docs/decisions/066-business-facts-in-one-place.md).
  const editedBy = usePersonName(message.author === 'ai' ? message.editedByUserId : null);
  const approvedBy = usePersonName(message.author === 'ai' ? message.sentByUserId : null);
  // The agent's tests are the owner's (decision 044).
  const attendant = useIsAttendant();
  if (message.aiFailure) return <AiFailureNotice message={message} />;
  const deleted = Boolean(message.deletedAt);
  const reactions = message.reactions ?? [];
  const isOwn = message.direction === 'out' || message.fromMe;
  // A draft a person edited is theirs, not the AI's own text.
  const author = isOwn
    ? editedBy
      ? { ...AUTHOR.owner_app, label: `Editado por ${editedBy}` }
      : AUTHOR[message.author]
    : null;
  const byPerson = isOwn && (message.author !== 'ai' || editedBy !== null);
  const status = isOwn ? STATUS[message.status] : null;
  const origin = !isOwn
    ? undefined
    : approvedBy
      ? `Enviado por ${approvedBy}`
      : message.origin
        ? ORIGIN_LABEL[message.origin]
        : undefined;
  const failed = message.status === 'failed';
  return (
    <li
      className={cn('flex', isOwn ? 'justify-end' : 'justify-start', reactions.length > 0 && 'pb-3')}
      data-testid="message"
      data-message-id={message.id}
      data-author={message.author}
      data-status={message.status}
      data-type={message.messageType}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 shadow-sm sm:max-w-[70%]',
          !isOwn && 'rounded-bl-md border border-slate-200 bg-white',
          isOwn && !byPerson && 'rounded-br-md border border-brand-200 bg-brand-50',
          byPerson && 'rounded-br-md border border-sky-200 bg-sky-50',
          message.status === 'pending' && 'opacity-75',
          failed && 'border-red-300 bg-red-50',
        )}
      >
        {author ? (
          <p className={cn('mb-0.5 flex items-center gap-1 text-xs font-semibold', author.className)}>
            <author.icon className="size-3.5" aria-hidden />
            <span data-testid="message-sender">{sender ?? author.label}</span>
            {origin ? (
              <span className="font-normal text-slate-600" data-testid="message-origin">
                · {origin}
              </span>
            ) : null}
          </p>
        ) : null}
        {deleted ? (
          <p className="flex items-center gap-1.5 text-sm text-slate-600 italic" data-testid="message-deleted">
            <Ban className="size-3.5" aria-hidden />
            {DELETED_LABEL}
          </p>
        ) : (
          <>
            <MessageBody message={message} />
            <MediaInsight message={message} />
          </>
        )}
        <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-slate-600">
          {message.editedAt && !deleted ? (
            <span
              className="italic"
              title={`Editada em ${fullDateTime(message.editedAt)}`}
              data-testid="message-edited"
            >
              {EDITED_LABEL}
            </span>
          ) : null}
          <time dateTime={message.createdAt} title={fullDateTime(message.createdAt)}>
            {timeOfDay(message.createdAt)}
          </time>
          {status ? (
            <span className={cn('inline-flex items-center gap-0.5', status.className)} title={status.label}>
              <status.icon className="size-3.5" aria-hidden />
              <span className={message.status === 'pending' || failed ? '' : 'sr-only'}>{status.label}</span>
            </span>
          ) : null}
        </p>
        {!isOwn && !deleted && message.messageType === 'text' && !attendant ? (
          <AddToTestsButton messageId={message.id} />
        ) : null}
        {failed ? (
          <p className="mt-1 text-xs text-red-700" role="note">
            {message.error ?? 'O WhatsApp não aceitou esta mensagem.'}
          </p>
        ) : null}
        {reactions.length > 0 ? (
          <p
            className={cn('-mb-4 mt-0.5 flex gap-1', isOwn ? 'justify-start' : 'justify-end')}
            data-testid="message-reactions"
          >
            {reactions.map((r) => (
              <span
                key={`${r.fromMe}-${r.emoji}`}
                className="rounded-full border border-slate-200 bg-white px-1.5 py-0.5 text-sm leading-none shadow-sm"
                title={r.fromMe ? `Sua reação: ${r.emoji}` : `Reação do cliente: ${r.emoji}`}
                aria-label={r.fromMe ? `Sua reação: ${r.emoji}` : `Reação do cliente: ${r.emoji}`}
              >
                {r.emoji}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </li>
  );
}
