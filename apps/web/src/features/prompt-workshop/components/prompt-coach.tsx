import { COACH, COACH_FAILURE_MESSAGE, COACH_LOCKED_TOOLTIP, type Agent } from '@vendai/contracts';
import { SendHorizontal, Sparkles } from 'lucide-react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/api-client';
import { usePublishGate } from '@/components/agent-tests/publish-gate';
import { cn } from '@/lib/cn';
import {
  useAcceptSuggestion,
  useApplyCatalogueSuggestion,
  useApplyFaqSuggestion,
  useSuggestPromptEdit,
} from '../api/prompt-coach';
import { coachHistory, isLocked, type CoachMessage } from '../lib/coach-chat';
import { EDITOR_MESSAGES } from '../lib/messages';
import { CoachBubble } from './coach-bubble';

const EXAMPLES = [
  'Deixe o tom mais informal',
  'Adicione que entregamos em BH aos sábados',
  'Peça o nome do cliente no início',
];
let nextId = 1;

/**
 * The prompt coach (docs/product/rules.md#states-and-transitions "Prompt suggestion", docs/product/rules.md#validation, docs/product/messages.md): the owner writes an instruction, the
 * coach asks a question (clarify) or proposes the whole new prompt (update) as a diff with Aceitar /
 * Rejeitar; the input is locked until one is chosen. A partial suggestion hides Aceitar and offers
 * 'Gerar completo'. Accepting saves the prompt (never a training).
 */
/** 429 (too fast) and 403 (the month's test allowance is used up) say why; anything else, the failure bubble. */
const coachErrorText = (err: unknown) =>
  err instanceof ApiError && (err.status === 429 || err.status === 403) ? err.message : COACH_FAILURE_MESSAGE;

export function PromptCoach({ agent, blockedByDraft }: { agent: Agent; blockedByDraft: boolean }) {
  const id = useId();
  const [messages, setMessages] = useState<CoachMessage[]>([]);
  const [input, setInput] = useState('');
  const suggest = useSuggestPromptEdit(agent.id);
  const accept = useAcceptSuggestion(agent.id);
  const applyFaq = useApplyFaqSuggestion();
  const applyCatalogue = useApplyCatalogueSuggestion();
  const listRef = useRef<HTMLOListElement | null>(null);
  const locked = isLocked(messages);
  const busy = suggest.isPending;
  const disabled = locked || busy || blockedByDraft;

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [messages.length, busy]);

  const ask = (instruction: string, full = false) => {
    const history = coachHistory(messages);
    const base = agent.system_prompt;
    setMessages((m) => [...m, ...(full ? [] : [{ id: nextId++, role: 'user' as const, text: instruction }])]);
    suggest.mutate(
      { instruction, history, full },
      {
        onSuccess: (s) =>
          setMessages((m) => [
            ...m,
            {
              id: nextId++,
              role: 'assistant',
              text: s.message,
              mode: s.mode,
              updatedPrompt: s.updated_prompt,
              basePrompt: base,
              basedOn: s.based_on,
              partial: s.partial,
              instruction,
              faq: s.faq ?? null,
              catalogue: s.catalogue ?? null,
              actions:
                s.mode === 'update' || (s.mode === 'faq' && !!s.faq) || (s.mode === 'catalogue' && !!s.catalogue),
            },
          ]),
        onError: (err) =>
          setMessages((m) => [...m, { id: nextId++, role: 'assistant', text: coachErrorText(err), failed: true }]),
      },
    );
  };

  const send = () => {
    const text = input.trim();
    if (!text || disabled) return;
    setInput('');
    ask(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const settle = (messageId: number, outcome: CoachMessage['outcome']) =>
    setMessages((m) => m.map((x) => (x.id === messageId ? { ...x, actions: false, outcome } : x)));

  const saved = (m: CoachMessage, outcome: CoachMessage['outcome'], text: string) => () => {
    settle(m.id, outcome);
    toast.success(text);
  };
  const saveFailed = (err: unknown) =>
    toast.error(
      err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : EDITOR_MESSAGES.saveFailed,
    );

  // The gate before publishing (docs/decisions/039-agent-tests.md); 'Voltar à treinadora' puts the failures in the input.
  const gate = usePublishGate(agent.id);
  const onAccept = (m: CoachMessage) =>
    gate.check(
      m.updatedPrompt!,
      () =>
        accept.mutate(
          { updated_prompt: m.updatedPrompt!, based_on: m.basedOn! },
          { onSuccess: saved(m, 'accepted', 'Sugestão aplicada ao prompt.'), onError: saveFailed },
        ),
      (failures) => {
        settle(m.id, 'rejected');
        setInput(failures);
      },
    );

  // 'Aplicar' on a FAQ suggestion: saved through the knowledge API, as the Conhecimento page does.
  const onApplyFaq = (m: CoachMessage) =>
    applyFaq.mutate(m.faq!, {
      onSuccess: saved(m, 'applied', 'Pergunta frequente salva em Conhecimento.'),
      onError: saveFailed,
    });

  // 'Aplicar' on a catalogue change: saved through the catalogue API, as the Catálogo page does.
  const onApplyCatalogue = (m: CoachMessage) =>
    applyCatalogue.mutate(m.catalogue!, {
      onSuccess: saved(m, 'applied', 'Catálogo atualizado.'),
      onError: saveFailed,
    });

  const onGenerateFull = (m: CoachMessage) => {
    settle(m.id, 'superseded');
    ask(m.instruction!, true);
  };

  const rows = Math.min(COACH.inputMaxRows, Math.max(1, input.split('\n').length));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-h-[28rem] flex-col rounded-2xl border border-slate-200 bg-white shadow-sm lg:h-[37.5rem]"
    >
      <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Sparkles className="size-4.5" aria-hidden />
        </span>
        <div>
          <h2 id={`${id}-title`} className="font-semibold text-slate-900">
            Treinadora de prompt
          </h2>
          <p className="text-xs text-slate-500">Peça mudanças no roteiro; você revisa antes de aplicar.</p>
        </div>
      </header>

      <ol
        ref={listRef}
        aria-live="polite"
        className="flex-1 space-y-3 overflow-y-auto px-4 py-4"
        aria-label="Conversa com a treinadora"
      >
        {messages.length === 0 ? (
          <li className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
            <p className="font-medium text-slate-800">O que você quer mudar no atendimento?</p>
            <p className="mt-1">Escreva do seu jeito. Alguns exemplos:</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {EXAMPLES.map((example) => (
                <button
                  key={example}
                  type="button"
                  disabled={disabled}
                  onClick={() => setInput(example)}
                  className="rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-300 hover:text-brand-800 disabled:opacity-50"
                >
                  {example}
                </button>
              ))}
            </div>
          </li>
        ) : null}
        {messages.map((m) => (
          <CoachBubble
            key={m.id}
            message={m}
            accepting={accept.isPending || applyFaq.isPending || applyCatalogue.isPending}
            onAccept={onAccept}
            onApplyFaq={onApplyFaq}
            onApplyCatalogue={onApplyCatalogue}
            onReject={(x) => settle(x.id, 'rejected')}
            onGenerateFull={onGenerateFull}
          />
        ))}
        {busy ? (
          <li className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner label="Gerando sugestão..." />
          </li>
        ) : null}
      </ol>

      <div className="border-t border-slate-100 p-3">
        {blockedByDraft ? <p className="mb-2 text-xs text-amber-800">{EDITOR_MESSAGES.coachLockedByDraft}</p> : null}
        <LockTooltip locked={locked}>
          <div
            className={cn(
              'flex items-end gap-2 rounded-xl border bg-white p-1.5 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20',
              disabled ? 'border-slate-200 bg-slate-50' : 'border-slate-300',
            )}
          >
            <label htmlFor={`${id}-input`} className="sr-only">
              Instrução para a treinadora
            </label>
            <textarea
              id={`${id}-input`}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={onKeyDown}
              rows={rows}
              disabled={disabled}
              maxLength={COACH.instructionMax}
              placeholder={locked ? 'Aceite ou rejeite a sugestão acima' : 'Ex.: deixe mais informal'}
              className="max-h-40 min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed"
            />
            <Button
              type="button"
              size="icon"
              onClick={send}
              disabled={disabled || input.trim() === ''}
              aria-label="Enviar instrução"
            >
              <SendHorizontal aria-hidden />
            </Button>
          </div>
        </LockTooltip>
        <p className="mt-1.5 px-1 text-[11px] text-slate-500">Enter envia · Shift+Enter quebra a linha</p>
      </div>
      {gate.dialog}
    </section>
  );
}

/** While locked, the disabled input sits in a focusable wrapper so the tooltip shows on hover and focus. */
function LockTooltip({ locked, children }: { locked: boolean; children: ReactElement }) {
  if (!locked) return children;
  return (
    <RadixTooltip.Provider delayDuration={150}>
      <Tooltip content={COACH_LOCKED_TOOLTIP}>
        <div
          tabIndex={0}
          aria-label={COACH_LOCKED_TOOLTIP}
          data-testid="coach-locked"
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {children}
        </div>
      </Tooltip>
    </RadixTooltip.Provider>
  );
}
