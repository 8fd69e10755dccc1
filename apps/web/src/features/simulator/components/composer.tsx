import type { SimOutgoingMessage } from '@vendai/contracts';
import { FileText, Image, MapPin, Mic, Paperclip, SendHorizontal, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { AttachDialog, type AttachKind } from './attach-dialog';

export interface SendOptions {
  /** Deliver the same messages.upsert twice (same key id). */
  sendTwice: boolean;
  /** Address the customer by @lid with remoteJidAlt. */
  useLid: boolean;
}

const ATTACHMENTS: { kind: AttachKind; label: string; icon: typeof Image }[] = [
  { kind: 'image', label: 'Imagem', icon: Image },
  { kind: 'audio', label: 'Nota de voz', icon: Mic },
  { kind: 'document', label: 'Documento', icon: FileText },
  { kind: 'location', label: 'Localização', icon: MapPin },
  { kind: 'contact', label: 'Contato', icon: UserRound },
];

/** Text box, attachments and the two developer switches (under 'Avançado'). The text stays when a send fails. */
export function Composer({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (message: SimOutgoingMessage, options: SendOptions) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<SendOptions>({ sendTwice: false, useLid: false });
  const [attach, setAttach] = useState<AttachKind | null>(null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || disabled) return;
    if (await onSend({ type: 'text', text: value }, options)) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <div className="border-t border-slate-200 bg-[#f0f2f5] px-2 pt-1.5 pb-2 sm:px-3">
      <details className="group mb-1 px-1 text-xs text-slate-700">
        <summary className="inline-flex cursor-pointer items-center gap-1 rounded py-0.5 font-medium text-slate-600 select-none hover:text-slate-900">
          Avançado{options.sendTwice || options.useLid ? ' (ativo)' : ''}
        </summary>
        <fieldset className="mt-1 mb-1 flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">Opções de teste para desenvolvedores</legend>
          <label className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              className="size-3.5 accent-brand-700"
              checked={options.sendTwice}
              onChange={(e) => setOptions({ ...options, sendTwice: e.target.checked })}
            />
            Enviar 2 vezes (mesmo id)
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              className="size-3.5 accent-brand-700"
              checked={options.useLid}
              onChange={(e) => setOptions({ ...options, useLid: e.target.checked })}
            />
            Endereçar por @lid
          </label>
        </fieldset>
      </details>
      <form onSubmit={submit} className="flex items-end gap-2">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button type="button" variant="ghost" size="icon" aria-label="Anexar" className="shrink-0 rounded-full">
              <Paperclip aria-hidden />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              side="top"
              align="start"
              sideOffset={6}
              className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
            >
              {ATTACHMENTS.map(({ kind, label, icon: Icon }) => (
                <DropdownMenu.Item
                  key={kind}
                  onSelect={() => setAttach(kind)}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
                >
                  <Icon className="size-4 text-brand-700" aria-hidden /> {label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        <label htmlFor="sim-composer" className="sr-only">
          Mensagem do cliente
        </label>
        <textarea
          id="sim-composer"
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={4096}
          placeholder="Digite uma mensagem"
          className="max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-lg border border-transparent bg-white px-3 py-2 text-[15px] text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none"
        />
        <Button
          type="submit"
          size="icon"
          className="shrink-0 rounded-full"
          aria-label="Enviar"
          disabled={disabled || !text.trim()}
        >
          <SendHorizontal aria-hidden />
        </Button>
      </form>
      <AttachDialog kind={attach} onClose={() => setAttach(null)} onSend={(message) => onSend(message, options)} />
    </div>
  );
}
