import { SCHEDULED_TEXT_MAX } from '@vendai/contracts/follow-ups';
import { CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useScheduleMessage } from '../api/follow-ups';
import { localInputValue } from '../lib/follow-up-labels';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';

/** 'Agendar': the owner writes a message and a time; it goes then (cancelled if the customer writes first, when asked). */
export function ScheduleMessageButton({ convId }: { convId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [when, setWhen] = useState('');
  const [cancelOnReply, setCancelOnReply] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const schedule = useScheduleMessage(convId);
  const textId = useId();
  const whenId = useId();

  const openDialog = () => {
    setWhen(localInputValue(new Date(Date.now() + 60 * 60_000)));
    setError(null);
    setOpen(true);
  };
  const submit = () => {
    if (!text.trim()) return setError('Escreva a mensagem.');
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) return setError('Escolha a data e a hora do envio.');
    schedule.mutate(
      { text: text.trim(), sendAt: at.toISOString(), cancelOnReply },
      {
        onSuccess: () => {
          toast.success('Mensagem agendada.');
          setText('');
          setOpen(false);
        },
        onError: (err) => setError(err instanceof Error ? err.message : 'Não foi possível agendar.'),
      },
    );
  };

  return (
    <>
      <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={openDialog}>
        <CalendarPlus aria-hidden />
        Agendar
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Agendar mensagem"
        description="A mensagem sai pelo seu WhatsApp na hora escolhida e aparece na conversa até ser enviada."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Voltar
            </Button>
            <Button onClick={submit} disabled={schedule.isPending}>
              Agendar
            </Button>
          </>
        }
      >
        <div className="mt-4 space-y-3">
          <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
            Mensagem
            <textarea
              id={textId}
              rows={4}
              maxLength={SCHEDULED_TEXT_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={fieldClass}
            />
          </label>
          <label htmlFor={whenId} className="block text-sm font-medium text-slate-800">
            Enviar em
            <input
              id={whenId}
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              className={`${fieldClass} h-11`}
            />
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={cancelOnReply}
              onChange={(e) => setCancelOnReply(e.target.checked)}
              className="size-4 accent-brand-700"
            />
            Cancelar se o cliente escrever antes
          </label>
          {error ? (
            <p className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
