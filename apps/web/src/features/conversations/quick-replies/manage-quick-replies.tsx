import { QUICK_REPLY_TEXT_MAX } from '@vendai/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/input';
import { useDeleteQuickReply, useQuickReplies, useSaveQuickReply } from './quick-replies-api';

/** The owner's saved replies: list, add (shortcut + text with {nome}), delete. */
export function ManageQuickReplies({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const replies = useQuickReplies();
  const save = useSaveQuickReply();
  const remove = useDeleteQuickReply();
  const [shortcut, setShortcut] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog is portalled out of the composer's form, but React still bubbles the submit to it
    // (which would send the composer's `/` to the customer).
    e.stopPropagation();
    setError(null);
    save.mutate(
      { shortcut, text },
      {
        onSuccess: () => {
          setShortcut('');
          setText('');
          toast.success('Resposta rápida salva.');
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Respostas rápidas"
      description="Digite / e o atalho na caixa de mensagem para usar. {nome} vira o primeiro nome do cliente."
    >
      <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-3">
        <label className="text-sm font-medium text-slate-800">
          Atalho
          <span className="relative mt-1 block">
            <span className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-500">/</span>
            <input
              value={shortcut}
              onChange={(e) => setShortcut(e.target.value)}
              placeholder="pix"
              maxLength={31}
              className={`${inputClass} pl-6`}
            />
          </span>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Texto
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={QUICK_REPLY_TEXT_MAX}
            rows={3}
            placeholder="Oi {nome}! Nossa chave Pix é..."
            className={`${inputClass} mt-1 h-auto py-2`}
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : 'Salvar resposta rápida'}
        </Button>
      </form>
      <ul className="mt-5 flex flex-col divide-y divide-slate-100 border-t border-slate-200">
        {replies.data?.length === 0 ? (
          <li className="py-3 text-sm text-slate-600">Nenhuma resposta rápida ainda.</li>
        ) : null}
        {replies.data?.map((r) => (
          <li key={r.id} className="flex items-start gap-2 py-2">
            <span className="min-w-0 flex-1">
              <span className="text-sm font-semibold text-slate-900">/{r.shortcut}</span>
              <span className="block text-xs break-words whitespace-pre-wrap text-slate-600">{r.text}</span>
            </span>
            <button
              type="button"
              onClick={() => remove.mutate(r.id, { onError: (err) => toast.error(err.message) })}
              className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
              aria-label={`Excluir /${r.shortcut}`}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
