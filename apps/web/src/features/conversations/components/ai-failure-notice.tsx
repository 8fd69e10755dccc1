import type { MessageDto } from '@vendai/contracts';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { fullDateTime, timeOfDay } from '../lib/date-label';
import { useRetryReply } from '../api/retry-reply';

export const RETRY_LABEL = 'Tentar novamente';

/**
 * 'A IA não conseguiu responder …' in the conversation (the AI gave up on the customer's messages):
 * the reason and 'Tentar novamente', which puts those messages back to the AI. Never sent to the customer.
 */
export function AiFailureNotice({ message }: { message: MessageDto }) {
  const retry = useRetryReply(message);
  const failure = message.aiFailure!;
  return (
    <li className="flex justify-center" data-testid="ai-failure" data-message-id={message.id}>
      <div
        role="status"
        className="w-full max-w-md rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-sm"
      >
        <p className="flex items-start gap-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
          <span>{failure.reason || 'A IA não conseguiu responder.'} O cliente ainda não recebeu resposta.</span>
        </p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <time
            className="text-[11px] text-amber-900"
            dateTime={message.createdAt}
            title={fullDateTime(message.createdAt)}
          >
            {timeOfDay(message.createdAt)}
          </time>
          {failure.retryable ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: () => toast.success('A IA vai tentar responder de novo.'),
                  onError: (err) =>
                    toast.error(
                      err instanceof ApiError
                        ? err.message
                        : 'Não foi possível tentar novamente. Tente de novo em instantes.',
                    ),
                })
              }
            >
              <RotateCcw aria-hidden />
              {RETRY_LABEL}
            </Button>
          ) : (
            <span className="text-xs text-amber-900">Nova tentativa pedida</span>
          )}
        </div>
      </div>
    </li>
  );
}
