import { SendHorizonal } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useQuickReplyPicker } from '../quick-replies/use-quick-reply-picker';

export const SEND_FAILED = 'Falha ao enviar mensagem. Tente novamente.';
const MAX_LENGTH = 4096;

/** Unsent text per conversation, kept while the owner looks at another chat. */
const drafts = new Map<string, string>();

/** Whether the owner left unsent text in this conversation. */
export const hasDraft = (convId: string) => Boolean(drafts.get(convId)?.trim());

/**
 * The owner's message box (render it keyed by conversation). Enter sends, Shift+Enter breaks the
 * line; a blank message is not sent (docs/product/rules.md#validation). A failed send gives the text back, ahead of
 * anything typed since, and each conversation keeps its draft: nothing typed is lost.
 */
export function Composer({
  convId,
  onSend,
  warning,
}: {
  convId: string;
  onSend: (text: string) => Promise<unknown>;
  warning?: string | null;
}) {
  const [text, setTextState] = useState(() => drafts.get(convId) ?? '');
  const ref = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(true);
  const setText = (update: string | ((current: string) => string)) => {
    const next = typeof update === 'function' ? update(drafts.get(convId) ?? '') : update;
    if (next) drafts.set(convId, next);
    else drafts.delete(convId);
    if (mounted.current) setTextState(next);
  };

  useEffect(() => {
    mounted.current = true;
    // On a phone the keyboard would cover the chat the owner opened to read.
    if (window.matchMedia?.('(min-width: 768px)').matches) ref.current?.focus({ preventScroll: true });
    return () => {
      mounted.current = false;
    };
  }, []);

  // Grows with the text up to about six lines.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  const send = () => {
    const value = text;
    if (!value.trim()) return;
    setText('');
    onSend(value).catch((err: unknown) => {
      // The server's reason when it gave one (e.g. the 24-hour window of the official API is closed).
      toast.error(err instanceof ApiError ? err.message : SEND_FAILED);
      setText((current) => (current.trim() ? `${value}\n${current}` : value));
    });
  };

  const quickReplies = useQuickReplyPicker({ convId, text, setText });
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quickReplies.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <form
      className="shrink-0 border-t border-slate-200 bg-white px-3 py-3 sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {warning ? <p className="mb-2 text-xs text-amber-800">{warning}</p> : null}
      <div className="relative flex items-end gap-2">
        {quickReplies.menu}
        <label htmlFor={`composer-${convId}`} className="sr-only">
          Mensagem
        </label>
        <textarea
          id={`composer-${convId}`}
          ref={ref}
          rows={1}
          value={text}
          maxLength={MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Digite uma mensagem"
          className="max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <Button
          type="submit"
          size="icon"
          className="size-10 shrink-0 rounded-full"
          aria-label="Enviar mensagem"
          disabled={!text.trim()}
        >
          <SendHorizonal aria-hidden />
        </Button>
      </div>
      <p className="mt-1 hidden text-[11px] text-slate-500 sm:block">Enter envia · Shift+Enter quebra a linha</p>
    </form>
  );
}
