import type { ConversationDto } from '@vendai/contracts';
import type { FollowUpDto } from '@vendai/contracts/follow-ups';
import { BellRing, CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCancelFollowUp, useConversationFollowUps } from '../api/follow-ups';
import { followUpWhen } from '../lib/follow-up-labels';
import { ScheduleMessageButton } from './schedule-message-dialog';

/**
 * Above the composer: the next follow-up touch and the messages scheduled with 'Agendar', each with
 * its time and 'Cancelar' (docs/decisions/037-follow-ups.md), and the 'Agendar' button.
 */
export function FollowUpStrip({ conversation }: { conversation: ConversationDto }) {
  const followUps = useConversationFollowUps(conversation.id);
  const cancel = useCancelFollowUp(conversation.id);
  const upcoming = followUps.data?.upcoming ?? [];

  const onCancel = (f: FollowUpDto) =>
    cancel.mutate(f.id, {
      onSuccess: () => toast.success(f.kind === 'touch' ? 'Acompanhamento cancelado.' : 'Mensagem agendada cancelada.'),
      onError: (err) => toast.error(err instanceof Error ? err.message : 'Não foi possível cancelar.'),
    });

  return (
    <div className="flex shrink-0 items-start gap-2 border-t border-slate-200 bg-slate-50 px-3 py-1.5 sm:px-4">
      <ul className="min-w-0 flex-1 space-y-1 py-0.5" data-testid="follow-up-strip" aria-label="Mensagens programadas">
        {upcoming.map((f) => (
          <li key={f.id} className="flex items-center gap-2 text-xs text-slate-800">
            {f.kind === 'touch' ? (
              <BellRing className="size-4 shrink-0 text-brand-700" aria-hidden />
            ) : (
              <CalendarClock className="size-4 shrink-0 text-brand-700" aria-hidden />
            )}
            <span className="line-clamp-2 min-w-0 flex-1 break-words">
              {f.kind === 'touch' ? (
                <>
                  Acompanhamento da IA <strong>{followUpWhen(f.dueAt)}</strong>
                </>
              ) : (
                <>
                  Agendada <strong>{followUpWhen(f.dueAt)}</strong>: “{f.text}”
                  {f.cancelOnReply ? ' · cancela se o cliente responder' : ''}
                </>
              )}
            </span>
            {f.state === 'scheduled' ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs"
                disabled={cancel.isPending}
                onClick={() => onCancel(f)}
              >
                Cancelar
              </Button>
            ) : (
              <span className="text-slate-500">enviando…</span>
            )}
          </li>
        ))}
      </ul>
      <ScheduleMessageButton convId={conversation.id} />
    </div>
  );
}
