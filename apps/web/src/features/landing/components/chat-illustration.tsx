import { Bot, CheckCheck, ChevronLeft, Zap } from 'lucide-react';
import { cn } from '@/lib/cn';

type Message = { from: 'customer' | 'ai'; text: string; time: string };

/** A sample conversation after business hours: the customer asks, the AI answers and books. */
const MESSAGES: readonly Message[] = [
  { from: 'customer', text: 'Oi, boa noite! Vocês fazem limpeza de pele? Quanto custa?', time: '22:47' },
  {
    from: 'ai',
    text: 'Boa noite, Mariana! Fazemos sim. A limpeza de pele profunda custa R$ 180 e leva cerca de 1h30.',
    time: '22:47',
  },
  { from: 'ai', text: 'Quer que eu veja um horário para você esta semana?', time: '22:47' },
  { from: 'customer', text: 'Quero! Tem sábado de manhã?', time: '22:48' },
  { from: 'ai', text: 'Tenho sábado às 9h ou às 10h30. Qual fica melhor para você?', time: '22:48' },
];

/** Hero illustration: a phone-sized chat drawn in JSX/CSS (no images), readable by screen readers. */
export function ChatIllustration({ className }: { className?: string }) {
  return (
    <figure className={cn('relative mx-auto w-full max-w-sm', className)}>
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[3rem] bg-gradient-to-tr from-brand-200/60 via-brand-100/40 to-sky-100/60 blur-2xl"
      />
      <div className="overflow-hidden rounded-[2rem] border border-slate-200 bg-white shadow-2xl shadow-brand-900/10 ring-8 ring-white">
        <div className="flex items-center gap-3 bg-brand-800 px-4 py-3 text-white">
          <ChevronLeft className="size-5 shrink-0 text-brand-100" aria-hidden />
          <span
            aria-hidden
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-rose-100 text-sm font-semibold text-rose-800"
          >
            MC
          </span>
          <div className="min-w-0 leading-tight">
            <p className="truncate text-sm font-semibold">Mariana Costa</p>
            <p className="text-xs text-brand-100">cliente · online</p>
          </div>
          <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-full bg-white/15 px-2 py-1 text-[11px] font-semibold">
            <Bot className="size-3.5" aria-hidden />
            IA ativa
          </span>
        </div>

        <ol
          className="space-y-2.5 bg-[#f1f5f1] px-3 py-4 sm:px-4"
          aria-label="Conversa de exemplo entre uma cliente e a IA"
        >
          {MESSAGES.map((message, index) => {
            const isAi = message.from === 'ai';
            return (
              <li key={index} className={cn('flex', isAi ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3 py-2 text-[13px] leading-snug text-slate-800 shadow-sm',
                    isAi ? 'rounded-tr-md bg-brand-100' : 'rounded-tl-md bg-white',
                  )}
                >
                  <span className="sr-only">{isAi ? 'IA do VendAI:' : 'Cliente:'} </span>
                  {message.text}
                  <span className="mt-1 flex items-center justify-end gap-1 text-[10px] text-slate-600">
                    {isAi ? (
                      <span aria-hidden className="mr-auto font-semibold text-brand-800">
                        IA
                      </span>
                    ) : null}
                    <span className="sr-only">às </span>
                    {message.time}
                    {isAi ? <CheckCheck className="size-3.5 text-sky-600" aria-hidden /> : null}
                  </span>
                </div>
              </li>
            );
          })}
          <li className="flex justify-end" aria-hidden>
            <span className="flex items-center gap-1 rounded-2xl rounded-tr-md bg-brand-100 px-3 py-2.5">
              <span className="size-1.5 animate-pulse rounded-full bg-brand-700" />
              <span className="size-1.5 animate-pulse rounded-full bg-brand-700 [animation-delay:150ms]" />
              <span className="size-1.5 animate-pulse rounded-full bg-brand-700 [animation-delay:300ms]" />
            </span>
          </li>
        </ol>
      </div>

      <figcaption className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-600">
        <Zap className="size-4 text-brand-600" aria-hidden />
        Respondido pela IA às 22:47, fora do horário comercial
      </figcaption>
    </figure>
  );
}
